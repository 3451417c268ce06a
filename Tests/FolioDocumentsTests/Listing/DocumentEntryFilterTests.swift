import FolioFiles
import FolioSandbox
import Foundation
import Glibc
import Testing

@testable import FolioDocuments

/// A listing reads names as bytes and makes a `String` only of those it keeps: every page must be
/// what the library's rules on `String`s (a document name, its kind, the name order) give for the
/// entries a directory walk returns.
@Suite struct DocumentEntryFilterTests {
    /// A kind whose extension is a Greek question mark, which is the same text as `;`.
    static let question = DocumentKind(
        identifier: "question", fileExtension: "\u{037E}", noun: "question", emptyContents: Data())
    /// A kind whose extension is not ASCII.
    static let umlaut = DocumentKind(identifier: "umlaut", fileExtension: "ÜB", noun: "umlaut", emptyContents: Data())

    /// Names of every sort: ASCII and not, kinds in any case, names that break a rule, hidden ones.
    static let names: [String] = [
        "Apple.txt", "apple.TXT", "B.Dudeldoc", "Garden 2.dudeldoc", "Garden.dudeldoc", "Untitled 010.txt",
        "Untitled 10.txt", "Untitled 9.txt", "x.", "noext", ".hidden.txt", "...", " lead.txt", "trail.txt ",
        "ctl\u{1}.txt", "c1\u{85}.txt", "Café.txt", "Cafe\u{301}.txt", "Zürich.dudeldoc", "日本.txt", "a.b.c.txt",
        "q.;", "q2.\u{037E}", "u.üb", "u2.ub", "U3.ÜB", "007", "7", "del\u{7F}.txt", "nbsp\u{A0}.txt",
    ]

    /// A library holding `names`, a file whose name is not UTF-8, a directory and a symbolic link
    /// named like documents, with dates that tie in groups of three.
    func makeLibrary() throws -> LibraryFixture {
        let fixture = try LibraryFixture(kinds: [.drawing, .note, Self.question, Self.umlaut])
        let documents = fixture.test.absolute("Documents")
        for (index, name) in Self.names.enumerated() {
            try fixture.test.plant("Documents/" + name, name)
            try FileManager.default.setAttributes(
                [.modificationDate: Date(timeIntervalSince1970: 1_700_000_000 + Double(index / 3) * 60)],
                ofItemAtPath: documents + "/" + name)
        }
        let invalid = (Array((documents + "/bad").utf8) + [0xFF] + Array(".txt".utf8) + [0]).map {
            CChar(bitPattern: $0)
        }
        let descriptor = open(invalid, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        #expect(descriptor >= 0)
        close(descriptor)
        try FileManager.default.createDirectory(atPath: documents + "/Folder.txt", withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: documents + "/link.txt", withDestinationPath: "Apple.txt")
        return fixture
    }

    /// The page the rules on `String`s give: the entries of a walk that are documents (or folders) of `kind`,
    /// sorted, `offset` skipped, `limit` kept, those that cannot be opened by their name left out.
    func expectedPage(
        _ fixture: LibraryFixture, order: DocumentOrder, offset: Int, limit: Int, kind: DocumentKind?
    ) throws -> (names: [String], total: Int) {
        let library = fixture.library
        let entries = try library.files.contentsOfDirectory(.documents, detail: .basic, includesHidden: true)
            .filter { entry in
                // A directory is a folder, of kind folder; a symbolic link is neither.
                let isFolder = entry.type == .directory
                let entryKind = isFolder ? DocumentKind.folder : library.kind(ofDocumentNamed: entry.name)
                return (entry.type == .regular || isFolder) && !entry.name.hasPrefix(".")
                    && FileName.isValid(entry.name)
                    && (kind.map { entryKind == $0 } ?? true)
            }
        let sorted = entries.sorted { lhs, rhs in
            if order.key == .date, lhs.modificationDate != rhs.modificationDate {
                let (left, right) = (lhs.modificationDate ?? .distantPast, rhs.modificationDate ?? .distantPast)
                return order.isAscending ? left < right : left > right
            }
            let byName = DocumentNameOrder.precedes(lhs.name, rhs.name)
            return order.key == .name && !order.isAscending ? DocumentNameOrder.precedes(rhs.name, lhs.name) : byName
        }
        let page = sorted.dropFirst(offset).prefix(limit).map(\.name).filter { name in
            FileManager.default.fileExists(atPath: fixture.test.absolute("Documents/" + name))
        }
        return (Array(page), entries.count)
    }

    static let orders: [DocumentOrder] = [.name, DocumentOrder.name.reversed, .date, DocumentOrder.date.reversed]

    @Test(arguments: orders)
    func everyPageIsWhatTheRulesOnTextGive(_ order: DocumentOrder) throws {
        let fixture = try makeLibrary()
        let kinds: [DocumentKind?] = [nil, .note, .drawing, .generic, .folder, Self.question, Self.umlaut]
        for kind in kinds {
            for (offset, limit) in [(0, 50), (0, 3), (4, 5), (30, 10)] {
                let expected = try expectedPage(fixture, order: order, offset: offset, limit: limit, kind: kind)
                let page = try fixture.library.documents(sortedBy: order, offset: offset, limit: limit, kind: kind)
                #expect(
                    page.documents.map(\.name) == expected.names,
                    "\(order.key) \(order.isAscending) \(kind?.identifier ?? "all") \(offset) \(limit)")
                #expect(page.total == expected.total)
            }
        }
    }

    @Test func kindsAreToldAsTheLibraryTellsThem() throws {
        let fixture = try makeLibrary()
        let questions = try fixture.library.documents(kind: Self.question).documents.map(\.name)
        #expect(questions == ["q.;", "q2.\u{037E}"])
        let umlauts = try fixture.library.documents(kind: Self.umlaut).documents.map(\.name)
        #expect(umlauts == ["u.üb", "U3.ÜB"])
        let notes = try fixture.library.documents(kind: .note).documents.map(\.name)
        #expect(notes.contains("apple.TXT"))
        #expect(!notes.contains("x."))
    }

    @Test func aLargeDirectoryReadOnSeveralThreadsListsEveryDocumentOnce() throws {
        let fixture = try LibraryFixture()
        let documents = fixture.test.absolute("Documents")
        // Several `getdents64` batches of 64 KiB, shared among the threads.
        let names = (1...6000).map { "Document with a long name number \($0).txt" }
        for (index, name) in names.shuffled().enumerated() {
            let descriptor = open(documents + "/" + name, O_WRONLY | O_CREAT | O_EXCL, 0o600)
            #expect(descriptor >= 0)
            var times = [
                timespec(tv_sec: 1_700_000_000 + index, tv_nsec: 0),
                timespec(tv_sec: 1_700_000_000 + index, tv_nsec: 0),
            ]
            #expect(futimens(descriptor, &times) == 0)
            close(descriptor)
        }
        let all = try fixture.library.documents(limit: Int.max)
        #expect(all.documents.map(\.name) == names)
        #expect(all.total == names.count)
        let last = try fixture.library.documents(sortedBy: DocumentOrder.name.reversed, offset: 10, limit: 3)
        #expect(last.documents.map(\.name) == Array(names.reversed()[10..<13]))
        let byDate = try fixture.library.documents(sortedBy: .date, limit: Int.max)
        #expect(Set(byDate.documents.map(\.name)) == Set(names))
        let dates = byDate.documents.map(\.modificationDate)
        #expect(dates == dates.sorted(by: >))
        #expect(byDate.total == names.count)
        #expect(try fixture.library.documentCount() == names.count)
    }
}
