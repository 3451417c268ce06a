import FolioDocuments
import FolioTestSupport
import Testing

@Suite struct DocumentLibraryInfoTests {
    @Test func countsDocumentsByKindAndTheTrash() throws {
        let fixture = try LibraryFixture()
        try fixture.test.plant("Documents/a.txt", "12345")
        try fixture.test.plant("Documents/b.txt", "1")
        try fixture.test.plant("Documents/photo.jpeg", "123")
        try fixture.test.plant("Documents/gone.txt", "1234567")
        // Documents in folders count too; hidden files and hidden folders do not.
        try fixture.test.plant("Documents/Projects/2026/deep.txt", "12")
        try fixture.test.plant("Documents/Projects/.hidden.txt", "hidden")
        try fixture.test.plant("Documents/.git/config", "hidden")
        try fixture.library.delete("gone.txt")
        try fixture.library.select("a.txt")
        let info = try fixture.library.info(applicationVersion: "9.9")
        #expect(info.applicationVersion == "9.9")
        #expect(info.containerPath == fixture.test.container.root)
        #expect(info.documentCount == 4)
        #expect(info.documentBytes == 11)
        #expect(info.folderCount == 2)
        #expect(
            info.kinds == [
                LibraryInfo.KindUsage(kind: "drawing", count: 0, bytes: 0),
                LibraryInfo.KindUsage(kind: "note", count: 3, bytes: 8),
                LibraryInfo.KindUsage(kind: "generic", count: 1, bytes: 3),
            ])
        #expect(info.trashCount == 1)
        #expect(info.trashBytes >= 7)
        #expect(info.currentDocument == "a.txt")
    }
}
