import FolioDocuments
import FolioSandbox
import FolioTestSupport
import Foundation
import Testing

/// Dudel's document management, end to end: the actions menu's New, Rename and Delete on the
/// current document, and switching between documents.
@Suite struct DocumentLibraryTests {
    @Test func theSeedsFlowFromNewToRenameToDelete() throws {
        let fixture = try LibraryFixture()
        let library = fixture.library
        // First launch: there is always a current document.
        let first = try library.currentDocument()
        #expect(first.name == fixture.untitled(.drawing))
        #expect(first.kind == .drawing)
        #expect(first.name.hasPrefix("Untitled "))
        // New: a second untitled drawing in the same second gets its own name and becomes current.
        let second = try library.createDocument()
        #expect(second.name == fixture.untitled(.drawing, 2))
        #expect(try library.currentDocument().name == second.name)
        // Rename: the form shows the title; the extension is kept.
        #expect(second.title == FileName.split(fixture.untitled(.drawing, 2)).stem)
        let garden = try library.rename(second.name, to: "Garden")
        #expect(garden.name == "Garden.dudeldoc")
        #expect(try library.currentDocument().name == "Garden.dudeldoc")
        // Rename onto the other document's name is refused with the form's sentence.
        let taken = try #require(throws: DocumentError.self) {
            try library.rename(garden.name, to: first.title)
        }
        #expect(taken.code == .alreadyExists)
        #expect(taken.userMessage == "A file with that name already exists! Please enter a different file name.")
        // Switch, then delete the current document: its neighbour becomes current.
        try library.select(first.name)
        let deletion = try library.deleteCurrentDocument()
        #expect(deletion.item.originalName == first.name)
        #expect(deletion.newCurrent?.name == "Garden.dudeldoc")
        // Delete the last one: a new untitled drawing takes its place.
        fixture.clock.advance(by: 1)
        let last = try library.deleteCurrentDocument()
        #expect(last.newCurrent?.name == fixture.untitled(.drawing))
        #expect(try library.allDocuments().map(\.name) == [fixture.untitled(.drawing)])
        #expect(try library.trashedDocuments().map(\.originalName) == ["Garden.dudeldoc", first.name])
    }

    @Test func theDeleteConfirmationAsksTheSeedsQuestion() {
        #expect(
            DocumentPrompts.deleteQuestion(for: .drawing)
                == "This will remove your current drawing completely. Are you sure you want to do that?")
        #expect(DocumentPrompts.cancelButton == "Cancel")
        #expect(DocumentPrompts.deleteButton == "Delete it!")
        #expect(DocumentPrompts.actions == ["New", "Rename", "Delete", "Send PDF", "App Info"])
        #expect(DocumentPrompts.nameTaken == DocumentError.nameTakenMessage)
    }

    @Test func kindsComeFromTheExtension() throws {
        let fixture = try LibraryFixture()
        let library = fixture.library
        #expect(library.kind(ofDocumentNamed: "a.dudeldoc") == .drawing)
        #expect(library.kind(ofDocumentNamed: "A.TXT") == .note)
        #expect(library.kind(ofDocumentNamed: "photo.jpeg") == .generic)
        #expect(library.kind(ofDocumentNamed: "README") == .generic)
        #expect(try library.kind(identifier: "note") == .note)
        let unknown = try #require(throws: DocumentError.self) { try library.kind(identifier: "spreadsheet") }
        #expect(unknown.code == .unknownKind)
        #expect(unknown.reason.contains("drawing, note"))
    }
}
