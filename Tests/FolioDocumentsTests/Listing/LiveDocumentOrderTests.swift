import FolioFiles
import FolioSandbox
import Foundation
import Glibc
import Testing

@testable import FolioDocuments

/// A library that keeps its order live must list exactly what a library that reads the directory
/// lists, after any change by anyone, and keep answering from memory while it does.
@Suite struct LiveDocumentOrderTests {
    static let orders: [DocumentOrder] = [.name, .name.reversed, .date, .date.reversed]
    static let kinds: [DocumentKind?] = [nil, .drawing, .note, .generic]
    static let pool = [
        "Untitled 2.txt", "Untitled 10.txt", "untitled 2.TXT", "Garden.dudeldoc", "Garden 2.dudeldoc", "notes",
        "Café.txt", "Cafe\u{301}.txt", "b.csv", "A.txt",
    ]
    /// A few dates, so that many documents tie and are ordered by name.
    static let dates = (0..<4).map { Date(timeIntervalSince1970: 1_700_000_000 + Double($0) * 3600) }

    /// Compares every order, kind and two page shapes of `live` with `reference`.
    func expectSamePages(_ live: DocumentLibrary, _ reference: DocumentLibrary, after step: String) throws {
        for order in Self.orders {
            for kind in Self.kinds {
                for (offset, limit) in [(0, 1000), (2, 3), (0, 0)] {
                    let got = try live.documents(sortedBy: order, offset: offset, limit: limit, kind: kind)
                    let want = try reference.documents(sortedBy: order, offset: offset, limit: limit, kind: kind)
                    #expect(
                        got.documents.map(\.name) == want.documents.map(\.name),
                        "\(step): \(order) \(kind?.identifier ?? "all") \(offset)+\(limit)")
                    #expect(got.total == want.total, "\(step): total \(order) \(kind?.identifier ?? "all")")
                }
            }
        }
    }

    @Test func everyPageIsTheDirectorysThroughEveryKindOfChange() throws {
        let fixture = try LibraryFixture()
        let documents = fixture.test.absolute("Documents")
        for (index, name) in Self.pool.prefix(5).enumerated() {
            try fixture.test.plant("Documents/" + name, name)
            try setDate(Self.dates[index % Self.dates.count], documents + "/" + name)
        }
        let live = fixture.library
        let reference = fixture.reopened()
        try live.startLiveOrder()
        try expectSamePages(live, reference, after: "start")
        var random = SeededRandom(seed: 20_261_201)
        for round in 0..<120 {
            let name = Self.pool[random.next(Self.pool.count)]
            let other = Self.pool[random.next(Self.pool.count)]
            let path = documents + "/" + name
            let step: String
            switch random.next(11) {
            case 0:
                step = "create \(name)"
                _ = FileManager.default.createFile(atPath: path, contents: Data(name.utf8))
            case 1:
                step = "append to \(name)"
                if let handle = FileHandle(forWritingAtPath: path) {
                    handle.seekToEndOfFile()
                    handle.write(Data("more".utf8))
                    handle.closeFile()
                }
            case 2:
                step = "date \(name)"
                try? setDate(Self.dates[random.next(Self.dates.count)], path)
            case 3:
                step = "rename \(name) over \(other)"
                _ = Glibc.rename(path, documents + "/" + other)
            case 4:
                step = "remove \(name)"
                _ = unlink(path)
            case 5:
                step = "hide \(name)"
                _ = Glibc.rename(path, documents + "/." + name)
            case 6:
                step = "directory \(name)"
                _ = unlink(path)
                _ = mkdir(path, 0o700)
                _ = rmdir(path)
                _ = mkdir(path, 0o700)
            case 7:
                step = "symbolic link \(name)"
                _ = rmdir(path)
                _ = unlink(path)
                _ = symlink(documents + "/" + other, path)
            case 8:
                step = "library rename \(name)"
                _ = try? live.rename(name, to: "Renamed \(round)")
            case 9:
                step = "library delete \(name)"
                _ = try? reference.delete(name)
            default:
                step = "library new"
                _ = try reference.createDocument(kind: random.next(2) == 0 ? .drawing : .note)
            }
            if random.next(3) == 0 {
                // Several changes between two listings.
                continue
            }
            try expectSamePages(live, reference, after: "round \(round), \(step)")
        }
        #expect(live.keepsOrderLive)
        #expect(!reference.keepsOrderLive)
    }

    @Test func aFileStillBeingWrittenIsNewestAtOnce() throws {
        let (fixture, documents) = try datedLibrary(Self.dates[0])
        let live = fixture.library
        try live.startLiveOrder()
        #expect(try live.documents(sortedBy: .date, limit: 1).documents.map(\.name) == ["a.txt"])
        let descriptor = open(documents + "/c.txt", O_WRONLY | O_APPEND)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        #expect(write(descriptor, "still open", 10) == 10)
        #expect(try live.documents(sortedBy: .date, limit: 1).documents.map(\.name) == ["c.txt"])
        #expect(live.keepsOrderLive)
    }

    @Test func changesTheKernelCouldNotQueueAreReadFromTheDirectory() throws {
        let limit =
            Int(
                (try? String(contentsOfFile: "/proc/sys/fs/inotify/max_queued_events", encoding: .utf8))?
                    .trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? 16384
        try #require(limit <= 100_000, "the kernel queues too many changes to overflow in a test")
        let (fixture, documents) = try datedLibrary(Self.dates[1])
        let live = fixture.library
        try live.startLiveOrder()
        // Alternating names, so the kernel cannot merge the changes into one.
        for index in 0...(limit + 10) {
            try setDate(Self.dates[index % 2], documents + (index % 2 == 0 ? "/a.txt" : "/b.txt"))
        }
        try setDate(Self.dates[3], documents + "/b.txt")
        try fixture.test.plant("Documents/d.txt", "d")
        try setDate(Self.dates[2], documents + "/d.txt")
        try expectSamePages(live, fixture.reopened(), after: "overflow")
        #expect(try live.documents(sortedBy: .date, limit: 2).documents.map(\.name) == ["b.txt", "d.txt"])
        #expect(live.keepsOrderLive)
    }

    @Test func documentsReplacedAsAWholeAreReadAgain() throws {
        let fixture = try LibraryFixture()
        let documents = fixture.test.absolute("Documents")
        try fixture.test.plant("Documents/old.txt", "old")
        let live = fixture.library
        try live.startLiveOrder()
        #expect(try live.documents().documents.map(\.name) == ["old.txt"])
        let staged = fixture.test.absolute("Staged")
        #expect(mkdir(staged, 0o700) == 0)
        _ = FileManager.default.createFile(atPath: staged + "/new.txt", contents: Data("new".utf8))
        #expect(Glibc.rename(documents, fixture.test.absolute("Old Documents")) == 0)
        #expect(Glibc.rename(staged, documents) == 0)
        #expect(try live.documents().documents.map(\.name) == ["new.txt"])
        #expect(try live.documents().documents.map(\.name) == ["new.txt"])
    }

    /// A library of a.txt, b.txt and c.txt, all modified at `date`, and its Documents/ path.
    private func datedLibrary(_ date: Date) throws -> (LibraryFixture, String) {
        let fixture = try LibraryFixture()
        let documents = fixture.test.absolute("Documents")
        for name in ["a.txt", "b.txt", "c.txt"] {
            try fixture.test.plant("Documents/" + name, name)
            try setDate(date, documents + "/" + name)
        }
        return (fixture, documents)
    }

    private func setDate(_ date: Date, _ path: String) throws {
        try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: path)
    }
}

/// A small deterministic generator, so a failing sequence of changes can be run again.
struct SeededRandom {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    /// A number in 0..<bound.
    mutating func next(_ bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }
}
