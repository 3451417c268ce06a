import FolioArchive
import FolioDocuments
import FolioSandbox
import FolioTestSupport
import Foundation
import Testing

@Suite struct DocumentLibraryKeepBothTests {
    /// A note named "Notes.txt", made outside the library as a person would.
    static func makeNotes(_ fixture: LibraryFixture, _ text: String = "first") throws -> Document {
        try fixture.test.plant("Documents/Notes.txt", text)
        return try fixture.library.document(named: "Notes.txt")
    }

    @Test func withoutAConflictItSavesIntoTheDocument() throws {
        let fixture = try LibraryFixture()
        let notes = try Self.makeNotes(fixture)
        let outcome = try fixture.library.saveKeepingBoth(.text("mine"), to: notes, basedOn: notes.version)
        #expect(!outcome.keptBoth)
        #expect(outcome.document.name == "Notes.txt")
        #expect(fixture.test.read("Documents/Notes.txt") == "mine")
        #expect(try fixture.namesOnDisk() == ["Notes.txt"])
    }

    @Test func aConflictSavesMineBesideTheirsWithTheNextNumber() throws {
        let fixture = try LibraryFixture()
        let notes = try Self.makeNotes(fixture)
        try fixture.test.plant("Documents/Notes.txt", "theirs, from another program")
        let outcome = try fixture.library.saveKeepingBoth(.text("mine"), to: notes, basedOn: notes.version)
        #expect(outcome.keptBoth)
        #expect(outcome.document.name == "Notes 2.txt")
        #expect(outcome.document.kind == .note)
        #expect(fixture.test.read("Documents/Notes.txt") == "theirs, from another program")
        #expect(fixture.test.read("Documents/Notes 2.txt") == "mine")
        // The version returned is that of the new document: the basis of its next save.
        try fixture.library.save(text: "mine, edited", to: "Notes 2.txt", basedOn: outcome.document.version)
    }

    @Test func aTakenNumberIsSkipped() throws {
        let fixture = try LibraryFixture()
        let notes = try Self.makeNotes(fixture)
        try fixture.test.plant("Documents/Notes 2.txt", "an older copy")
        try fixture.test.plant("Documents/Notes.txt", "theirs")
        let outcome = try fixture.library.saveKeepingBoth(.text("mine"), to: notes, basedOn: notes.version)
        #expect(outcome.document.name == "Notes 3.txt")
        #expect(fixture.test.read("Documents/Notes 2.txt") == "an older copy")
        #expect(fixture.test.read("Documents/Notes 3.txt") == "mine")
    }

    @Test func aDrawingIsKeptAsADrawing() throws {
        let fixture = try LibraryFixture()
        let document = try fixture.library.createDocument(kind: .drawing)
        try fixture.library.save(Drawing(), to: document.name, basedOn: document.version)
        let mine = DocumentLibraryContentsTests.garden
        let outcome = try fixture.library.saveKeepingBoth(.drawing(mine), to: document, basedOn: document.version)
        #expect(outcome.keptBoth)
        #expect(outcome.document.kind == .drawing)
        #expect(outcome.document.name == FileName.numbered(document.name, 2))
        #expect(try fixture.library.read(outcome.document.name).drawing() == mine)
        #expect(try fixture.library.read(document.name).drawing() == Drawing())
    }

    @Test func contentsOfTheWrongKindWriteNothing() throws {
        let fixture = try LibraryFixture()
        let document = try fixture.library.createDocument(kind: .drawing)
        let error = try #require(throws: DocumentError.self) {
            try fixture.library.saveKeepingBoth(.text("not a drawing"), to: document, basedOn: document.version)
        }
        #expect(error.code == .wrongKind)
        #expect(try fixture.namesOnDisk() == [document.name])
    }

    /// Many writers from one version at once: one replaces the document, every other gets a
    /// document of its own, and no text is lost.
    @Test func concurrentKeepBothSavesLoseNothing() async throws {
        let fixture = try LibraryFixture()
        let notes = try Self.makeNotes(fixture)
        let libraries = (0..<6).map { _ in fixture.reopened() }
        let outcomes = try await withThrowingTaskGroup(of: DocumentSaveOutcome.self) { group in
            for (index, library) in libraries.enumerated() {
                group.addTask {
                    try library.saveKeepingBoth(.text("writer \(index)"), to: notes, basedOn: notes.version)
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(outcomes.filter { !$0.keptBoth }.count == 1)
        #expect(Set(outcomes.map(\.document.name)).count == 6)
        let texts = try Set(fixture.namesOnDisk().map { fixture.test.read("Documents/" + $0) ?? "" })
        #expect(texts == Set((0..<6).map { "writer \($0)" }))
    }
}
