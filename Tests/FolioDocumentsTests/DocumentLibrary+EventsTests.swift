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

    /// Whether `expected` appears in `seen` in order, and `seen` names no other document.
    static func isInOrder(
        _ expected: [DocumentEvent], in seen: [DocumentEvent], allowing extra: Set<DocumentEvent> = []
    )
        -> Bool
    {
        var remaining = expected[...]
        for event in seen {
            if event == remaining.first {
                remaining = remaining.dropFirst()
            } else if !extra.contains(event) {
                return false
            }
        }
        return remaining.isEmpty
    }

    @Test func reportsChangesMadeOutsideFolio() async throws {
        let fixture = try LibraryFixture()
        try fixture.test.plant("Documents/kept.txt", "kept")
        let events = try fixture.library.events()
        let documents = fixture.test.absolute("Documents")
        let manager = FileManager.default
        // Written in place (the kernel also reports the write that follows the create).
        try Data("hello".utf8).write(to: URL(fileURLWithPath: documents + "/new.txt"))
        try manager.moveItem(atPath: documents + "/new.txt", toPath: documents + "/renamed.txt")
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: documents + "/kept.txt"))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(" more".utf8))
        try handle.close()
        // An editor's atomic save: a temporary file renamed over the document.
        try Data("saved".utf8).write(to: URL(fileURLWithPath: documents + "/renamed.txt"), options: .atomic)
        // Copied in from elsewhere, then removed.
        try fixture.test.plant("tmp/copied.txt", "copied")
        try manager.moveItem(atPath: fixture.test.absolute("tmp/copied.txt"), toPath: documents + "/copied.txt")
        try manager.removeItem(atPath: documents + "/renamed.txt")
        let seen = try await Self.collect(events) { $0.last == .deleted("renamed.txt") }
        #expect(
            Self.isInOrder(
                [
                    .created("new.txt"), .renamed(from: "new.txt", to: "renamed.txt"), .modified("kept.txt"),
                    .modified("renamed.txt"), .created("copied.txt"), .deleted("renamed.txt"),
                ], in: seen, allowing: [.modified("new.txt"), .modified("renamed.txt")]), "\(seen)")
    }

    @Test func reportsFoliosOwnChangesOncePerAction() async throws {
        let fixture = try LibraryFixture()
        let library = fixture.library
        try fixture.test.plant("Documents/other.txt", "other")
        let events = try library.events()
        let document = try library.createDocument(kind: .note)
        try library.save(text: "text", to: document.name, basedOn: document.version)
        try library.rename(document.name, to: "Plan")
        try library.select("other.txt")
        try library.delete("Plan.txt")
        let seen = try await Self.collect(events) {
            $0.contains(.deleted("Plan.txt")) && $0.contains(.currentChanged("other.txt"))
        }
        let documentEvents = seen.filter { !Self.isCurrentChange($0) }
        #expect(
            documentEvents == [
                .created(document.name), .modified(document.name), .renamed(from: document.name, to: "Plan.txt"),
                .deleted("Plan.txt"),
            ])
        let currents = seen.filter(Self.isCurrentChange)
        #expect(currents.last == .currentChanged("other.txt"))
    }

    @Test func reportsTheCurrentDocumentChangingInAnotherProcess() async throws {
        let fixture = try LibraryFixture()
        try fixture.test.plant("Documents/a.txt", "a")
        try fixture.test.plant("Documents/b.txt", "b")
        try fixture.library.select("a.txt")
        let events = try fixture.library.events()
        try fixture.reopened().select("b.txt")
        let seen = try await Self.collect(events) { $0.contains(.currentChanged("b.txt")) }
        #expect(seen == [.currentChanged("b.txt")])
    }

    @Test func reportsTheCurrentDocumentDeletedOutsideFolio() async throws {
        let fixture = try LibraryFixture()
        try fixture.test.plant("Documents/a.txt", "a")
        try fixture.test.plant("Documents/b.txt", "b")
        try fixture.library.select("a.txt")
        let events = try fixture.library.events()
        try FileManager.default.removeItem(atPath: fixture.test.absolute("Documents/a.txt"))
        var seen = try await Self.collect(events) { $0.contains(.deleted("a.txt")) }
        #expect(seen == [.deleted("a.txt")])
        // The view asks for the current document again; the library chooses the neighbour.
        #expect(try fixture.library.currentDocument().name == "b.txt")
        seen = try await Self.collect(events) { $0.contains(.currentChanged("b.txt")) }
        #expect(seen == [.currentChanged("b.txt")])
    }
}
