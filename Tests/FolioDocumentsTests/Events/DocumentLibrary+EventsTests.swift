import FolioDocuments
import FolioSandbox
import FolioTestSupport
import Foundation
import Testing

@Suite struct DocumentLibraryEventsTests {
    /// Collects events until `done` says enough, or gives up after 10 seconds.
    static func collect(
        _ events: DocumentEvents,
        until done: @escaping @Sendable ([DocumentEvent]) -> Bool
    ) async throws -> [DocumentEvent] {
        try await FolioTestSupport.collect(events, stop: events.stop, until: done)
    }

    /// Whether an event says the current document changed.
    static func isCurrentChange(_ event: DocumentEvent) -> Bool {
        if case .currentChanged = event { return true }
        return false
    }

    /// The events that are not modifications. The kernel reports a write when the file's last
    /// descriptor closes, which can be later than the writer's close when a child process was being
    /// started meanwhile (it holds a copy until it execs); tests check modifications apart.
    static func withoutModifications(_ events: [DocumentEvent]) -> [DocumentEvent] {
        events.filter {
            if case .modified = $0 { return false }
            return true
        }
    }

    @Test func reportsChangesMadeOutsideFolio() async throws {
        let fixture = try LibraryFixture()
        try fixture.test.write("Documents/kept.txt", "kept")
        let events = try fixture.library.events()
        let documents = fixture.test.absolute("Documents")
        let manager = FileManager.default
        try fixture.test.write("Documents/new.txt", "hello")
        try manager.moveItem(atPath: documents + "/new.txt", toPath: documents + "/renamed.txt")
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: documents + "/kept.txt"))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(" more".utf8))
        try handle.close()
        // An editor's atomic save: a temporary file renamed over the document.
        try Data("saved".utf8).write(to: URL(fileURLWithPath: documents + "/renamed.txt"), options: .atomic)
        // Copied in from elsewhere, then removed.
        try fixture.test.write("tmp/copied.txt", "copied")
        try manager.moveItem(atPath: fixture.test.absolute("tmp/copied.txt"), toPath: documents + "/copied.txt")
        try manager.removeItem(atPath: documents + "/renamed.txt")
        let seen = try await Self.collect(events) {
            $0.contains(.deleted("renamed.txt")) && $0.contains(.modified("kept.txt"))
                && $0.contains(.modified("renamed.txt"))
        }
        #expect(
            Self.withoutModifications(seen) == [
                .created("new.txt"), .renamed(from: "new.txt", to: "renamed.txt"), .created("copied.txt"),
                .deleted("renamed.txt"),
            ], "\(seen)")
        // The editor's save is a modification of renamed.txt, before it is deleted.
        let saved = try #require(seen.firstIndex(of: .modified("renamed.txt")))
        #expect(saved < (seen.firstIndex(of: .deleted("renamed.txt")) ?? 0))
        #expect(!seen.contains(.modified("copied.txt")))
    }

    /// Reads `iterator` until `done` says enough, or gives up after 10 seconds (stopping `events`).
    static func next(
        _ iterator: inout DocumentEvents.AsyncIterator, of events: DocumentEvents,
        until done: ([DocumentEvent]) -> Bool
    ) async throws -> [DocumentEvent] {
        let timer = Task {
            try await Task.sleep(for: .seconds(10))
            events.stop()
        }
        defer { timer.cancel() }
        var seen: [DocumentEvent] = []
        while let event = try await iterator.next() {
            seen.append(event)
            if done(seen) { break }
        }
        return seen
    }

    @Test func reportsChangesInFoldersAndWatchesNewFolders() async throws {
        let fixture = try LibraryFixture()
        try fixture.test.plant("Documents/Projects/a.txt", "a")
        let events = try fixture.library.events()
        var iterator = events.makeAsyncIterator()
        let documents = fixture.test.absolute("Documents")
        let manager = FileManager.default
        try fixture.test.write("Documents/Projects/b.txt", "b")
        try manager.createDirectory(atPath: documents + "/Projects/2026", withIntermediateDirectories: false)
        let first = try await Self.next(&iterator, of: events) { $0.contains(.created("Projects/2026")) }
        #expect(
            Self.withoutModifications(first) == [.created("Projects/b.txt"), .created("Projects/2026")], "\(first)")
        // The new folder is watched: a note made in it, then the folder renamed and deleted.
        try fixture.test.write("Documents/Projects/2026/c.txt", "c")
        let second = try await Self.next(&iterator, of: events) { $0.contains(.created("Projects/2026/c.txt")) }
        #expect(Self.withoutModifications(second) == [.created("Projects/2026/c.txt")], "\(second)")
        try manager.moveItem(atPath: documents + "/Projects", toPath: documents + "/Work")
        try fixture.test.write("Documents/Work/2026/d.txt", "d")
        try manager.removeItem(atPath: documents + "/Work/a.txt")
        let third = try await Self.next(&iterator, of: events) {
            $0.contains(.created("Work/2026/d.txt")) && $0.contains(.deleted("Work/a.txt"))
        }
        #expect(Self.withoutModifications(third).first == .renamed(from: "Projects", to: "Work"), "\(third)")
        #expect(!Self.withoutModifications(third).contains { $0.description.contains("Projects/") }, "\(third)")
        events.stop()
    }

    /// A folder made and filled before its watch begins: what is in it is still told.
    @Test func reportsWhatAppearedInANewFolderBeforeItWasWatched() async throws {
        let fixture = try LibraryFixture()
        let events = try fixture.library.events()
        var iterator = events.makeAsyncIterator()
        // Made elsewhere and moved in whole: no watch ever saw its contents being made.
        try fixture.test.plant("tmp/Box/Inner/x.txt", "x")
        try fixture.test.plant("tmp/Box/y.txt", "y")
        try FileManager.default.moveItem(
            atPath: fixture.test.absolute("tmp/Box"), toPath: fixture.test.absolute("Documents/Box"))
        let seen = try await Self.next(&iterator, of: events) { $0.count >= 4 }
        #expect(
            Set(seen) == [.created("Box"), .created("Box/Inner"), .created("Box/Inner/x.txt"), .created("Box/y.txt")],
            "\(seen)")
        #expect(seen.first == .created("Box"))
        try fixture.test.write("Documents/Box/Inner/z.txt", "z")
        let later = try await Self.next(&iterator, of: events) { $0.contains(.created("Box/Inner/z.txt")) }
        #expect(Self.withoutModifications(later) == [.created("Box/Inner/z.txt")])
        events.stop()
    }

    @Test func reportsFoliosOwnChangesOncePerAction() async throws {
        let fixture = try LibraryFixture()
        let library = fixture.library
        try fixture.test.write("Documents/other.txt", "other")
        let events = try library.events()
        let document = try library.createDocument(kind: .note)
        try library.save(text: "text", to: document.name, basedOn: document.version)
        try library.rename(document.name, to: "Plan")
        try library.select("other.txt")
        try library.delete("Plan.txt")
        let seen = try await Self.collect(events) {
            $0.contains(.deleted("Plan.txt")) && $0.contains(.currentChanged("other.txt"))
        }
        let documentEvents = seen.filter { !Self.isCurrentChange($0) && $0 != .modified("other.txt") }
        #expect(
            documentEvents == [
                .created(document.name), .modified(document.name), .renamed(from: document.name, to: "Plan.txt"),
                .deleted("Plan.txt"),
            ])
        let currents = seen.filter(Self.isCurrentChange)
        #expect(currents.last == .currentChanged("other.txt"))
    }

    @Test func theIteratorKeepsWatchingWhenTheSequenceIsNotKept() async throws {
        let fixture = try LibraryFixture()
        var iterator = try fixture.library.events().makeAsyncIterator()
        try fixture.test.write("tmp/a.txt", "a")
        try FileManager.default.moveItem(
            atPath: fixture.test.absolute("tmp/a.txt"), toPath: fixture.test.absolute("Documents/a.txt"))
        #expect(try await iterator.next() == .created("a.txt"))
    }

    @Test func reportsTheCurrentDocumentChangingInAnotherProcess() async throws {
        let fixture = try LibraryFixture()
        try fixture.test.write("Documents/a.txt", "a")
        try fixture.test.write("Documents/b.txt", "b")
        try fixture.library.select("a.txt")
        let events = try fixture.library.events()
        try fixture.reopened().select("b.txt")
        let seen = try await Self.collect(events) { $0.contains(.currentChanged("b.txt")) }
        // A write that was still closing when watching began may be reported too.
        #expect(Self.withoutModifications(seen) == [.currentChanged("b.txt")])
    }

    @Test func reportsTheCurrentDocumentDeletedOutsideFolio() async throws {
        let fixture = try LibraryFixture()
        try fixture.test.write("Documents/a.txt", "a")
        try fixture.test.write("Documents/b.txt", "b")
        try fixture.library.select("a.txt")
        let events = try fixture.library.events()
        try FileManager.default.removeItem(atPath: fixture.test.absolute("Documents/a.txt"))
        var seen = try await Self.collect(events) { $0.contains(.deleted("a.txt")) }
        #expect(Self.withoutModifications(seen) == [.deleted("a.txt")])
        // The view asks for the current document again; the library chooses the neighbour.
        #expect(try fixture.library.currentDocument().name == "b.txt")
        seen = try await Self.collect(events) { $0.contains(.currentChanged("b.txt")) }
        #expect(Self.withoutModifications(seen) == [.currentChanged("b.txt")])
    }

    @Test func aBurstOfChangesIsToldAsOneRefreshWhenAsked() async throws {
        let fixture = try LibraryFixture()
        let events = try fixture.library.events(gathering: .milliseconds(500), refreshAbove: 50)
        let documents = fixture.test.absolute("Documents")
        for index in 0..<300 {
            _ = FileManager.default.createFile(atPath: documents + "/burst \(index).txt", contents: Data())
        }
        for index in 0..<300 {
            try FileManager.default.removeItem(atPath: documents + "/burst \(index).txt")
        }
        let seen = try await Self.collect(events) { $0.contains(.refreshNeeded) }
        // 600 changes: a refresh, after at most a batch of 50 told one by one.
        #expect(seen.last == .refreshNeeded)
        #expect(seen.count <= 51, "\(seen.count) events")
    }

    @Test func withoutAskingEveryChangeIsToldOneByOne() async throws {
        let fixture = try LibraryFixture()
        let events = try fixture.library.events()
        let documents = fixture.test.absolute("Documents")
        for index in 0..<60 {
            _ = FileManager.default.createFile(atPath: documents + "/one \(index).txt", contents: Data())
        }
        let seen = try await Self.collect(events) {
            $0.filter { if case .created = $0 { true } else { false } }.count == 60
        }
        #expect(!seen.contains(.refreshNeeded))
    }
}
