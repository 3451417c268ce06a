import FolioDocuments
import FolioSandbox
import FolioTestSupport
import Foundation
import Testing

@Suite struct DocumentLibraryDeleteTests {
    @Test func movesTheDocumentToTheTrashWithItsNameAndDate() throws {
        let fixture = try LibraryFixture()
        try fixture.test.plant("Documents/Garden.dudeldoc", "drawing")
        let deletion = try fixture.library.delete("Garden.dudeldoc")
        #expect(deletion.item.originalName == "Garden.dudeldoc")
        #expect(deletion.item.deletionDate == fixture.clock.now)
        #expect(deletion.item.size == 7)
        #expect(deletion.item.kind == .drawing)
        #expect(deletion.newCurrent == nil)
        #expect(try fixture.namesOnDisk() == [])
        let inTrash = "Library/Trash/\(deletion.item.id)/Garden.dudeldoc"
        #expect(fixture.test.read(inTrash) == "drawing")
        #expect(try fixture.library.trashedDocuments() == [deletion.item])
    }

    @Test func deletingTheCurrentDocumentSelectsItsNeighbour() throws {
        let fixture = try LibraryFixture()
        for name in ["a.txt", "b.txt", "c.txt"] {
            try fixture.test.plant("Documents/" + name, name)
        }
        try fixture.library.select("b.txt")
        #expect(try fixture.library.delete("b.txt").newCurrent?.name == "c.txt")
        #expect(try fixture.library.delete("c.txt").newCurrent?.name == "a.txt")
        #expect(try fixture.reopened().currentDocument().name == "a.txt")
    }

    @Test func deletingTheLastDocumentCreatesAnUntitledOneOfItsKind() throws {
        let fixture = try LibraryFixture()
        try fixture.test.plant("Documents/only.txt", "note")
        try fixture.library.select("only.txt")
        let deletion = try fixture.library.deleteCurrentDocument()
        #expect(deletion.newCurrent?.name == fixture.untitled(.note))
        #expect(try fixture.namesOnDisk() == [fixture.untitled(.note)])
    }

    @Test func deletingAnotherDocumentLeavesTheCurrentOneAndForgetsTheRecent() throws {
        let fixture = try LibraryFixture()
        try fixture.test.plant("Documents/a.txt", "a")
        try fixture.test.plant("Documents/b.txt", "b")
        try fixture.library.select("b.txt")
        try fixture.library.select("a.txt")
        #expect(try fixture.library.delete("b.txt").newCurrent == nil)
        #expect(try fixture.library.currentDocument().name == "a.txt")
        #expect(try fixture.library.recentDocuments().map(\.name) == ["a.txt"])
    }

    @Test func deletingAMissingDocumentChangesNothing() throws {
        let fixture = try LibraryFixture()
        let error = try #require(throws: DocumentError.self) { try fixture.library.delete("gone.txt") }
        #expect(error.code == .notFound)
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.test.absolute("Library/Trash")) == [])
    }
}
