import FolioDocuments
import FolioSandbox
import FolioTestSupport
import Foundation
import Testing

@Suite struct DocumentLibraryListingTests {
    /// Plants documents with modification dates a minute apart, in the order given.
    func plant(_ names: [String], in fixture: LibraryFixture) throws {
        for (index, name) in names.enumerated() {
            try fixture.test.plant("Documents/" + name, String(repeating: "x", count: index + 1))
            try FileManager.default.setAttributes(
                [.modificationDate: Date(timeIntervalSince1970: 1_700_000_000 + Double(index) * 60)],
                ofItemAtPath: fixture.test.absolute("Documents/" + name))
        }
    }

    @Test func sortsByNameAsPeopleRead() throws {
        let fixture = try LibraryFixture()
        try plant(
            ["Untitled 10.txt", "untitled 2.txt", "Garden 2.dudeldoc", "Garden.dudeldoc", "Apple.png"], in: fixture)
        let page = try fixture.library.documents(sortedBy: .name)
        #expect(
            page.documents.map(\.name) == [
                "Apple.png", "Garden.dudeldoc", "Garden 2.dudeldoc", "untitled 2.txt", "Untitled 10.txt",
            ])
        #expect(page.total == 5)
        #expect(page.documents.map(\.kind) == [.generic, .drawing, .drawing, .note, .note])
        let reversed = try fixture.library.documents(sortedBy: DocumentOrder.name.reversed)
        #expect(reversed.documents.map(\.name) == page.documents.map(\.name).reversed())
    }

    @Test func sortsByDateNewestFirst() throws {
        let fixture = try LibraryFixture()
        try plant(["b.txt", "a.txt", "c.txt"], in: fixture)
        #expect(try fixture.library.documents(sortedBy: .date).documents.map(\.name) == ["c.txt", "a.txt", "b.txt"])
        #expect(
            try fixture.library.documents(sortedBy: DocumentOrder.date.reversed).documents.map(\.name) == [
                "b.txt", "a.txt", "c.txt",
            ])
    }

    @Test func describesEachDocument() throws {
        let fixture = try LibraryFixture()
        try plant(["a.txt"], in: fixture)
        let document = try #require(try fixture.library.documents().documents.first)
        #expect(document.size == 1)
        #expect(document.modificationDate == Date(timeIntervalSince1970: 1_700_000_000))
        #expect(document.title == "a")
        #expect(document.fileExtension == "txt")
        #expect(try document.path.description == "Documents/a.txt")
        #expect(try fixture.library.document(named: "a.txt") == document)
    }

    @Test func pagesThroughTheList() throws {
        let fixture = try LibraryFixture()
        let names = (1...23).map { "Note \($0).txt" }
        try plant(names.shuffled(), in: fixture)
        var seen: [String] = []
        var offset = 0
        while true {
            let page = try fixture.library.documents(sortedBy: .name, offset: offset, limit: 5)
            #expect(page.total == 23)
            #expect(page.offset == offset)
            if page.documents.isEmpty { break }
            seen += page.documents.map(\.name)
            offset += page.limit
        }
        #expect(seen == names)
        #expect(try fixture.library.documents(offset: 100).documents.isEmpty)
        #expect(try fixture.library.documents(limit: 0).documents.isEmpty)
    }

    /// Visible regular files are documents and visible directories folders; hidden entries and
    /// symbolic links are neither, and only documents are counted as documents.
    @Test func listsVisibleDocumentsAndFoldersButNoLinks() throws {
        let fixture = try LibraryFixture()
        try fixture.test.plant("Documents/a.txt", "a")
        try fixture.test.plant("Documents/.hidden.txt", "h")
        try fixture.test.plant("Documents/Folder/inside.txt", "i")
        try fixture.test.plant("Documents/.git/config", "c")
        try FileManager.default.createSymbolicLink(
            atPath: fixture.test.absolute("Documents/link.txt"), withDestinationPath: "a.txt")
        try FileManager.default.createSymbolicLink(
            atPath: fixture.test.absolute("Documents/linked folder"), withDestinationPath: "Folder")
        #expect(try fixture.library.allDocuments().map(\.name) == ["a.txt", "Folder"])
        #expect(try fixture.library.allDocuments().map(\.kind) == [.note, .folder])
        #expect(try fixture.library.documentCount() == 1)
    }

    @Test func findsADocumentByItsTitle() throws {
        let fixture = try LibraryFixture()
        try plant(["Garden.dudeldoc", "Notes.txt", "Plan.txt", "Plan.dudeldoc"], in: fixture)
        #expect(try fixture.library.document(matching: "Garden").name == "Garden.dudeldoc")
        #expect(try fixture.library.document(matching: "Notes.txt").name == "Notes.txt")
        let ambiguous = try #require(throws: DocumentError.self) { try fixture.library.document(matching: "Plan") }
        #expect(ambiguous.code == .ambiguous)
        #expect(ambiguous.reason.contains("Plan.dudeldoc, Plan.txt"))
        let missing = try #require(throws: DocumentError.self) { try fixture.library.document(matching: "Nothing") }
        #expect(missing.code == .notFound)
    }

    @Test func listsOneKindAsASectionWithItsOwnTotal() throws {
        let fixture = try LibraryFixture()
        try plant(["b.txt", "Garden.dudeldoc", "a.txt", "photo.png", "c.txt", "Plan.dudeldoc"], in: fixture)
        // The cache of all names is warm: a kind's page must still count only that kind.
        _ = try fixture.library.documents()
        let notes = try fixture.library.documents(limit: 2, kind: .note)
        #expect(notes.documents.map(\.name) == ["a.txt", "b.txt"])
        #expect(notes.total == 3)
        let lastNote = try fixture.library.documents(sortedBy: DocumentOrder.name.reversed, limit: 1, kind: .note)
        #expect(lastNote.documents.map(\.name) == ["c.txt"])
        #expect(
            try fixture.library.documents(kind: .drawing).documents.map(\.name) == ["Garden.dudeldoc", "Plan.dudeldoc"])
        let others = try fixture.library.documents(sortedBy: .date, kind: .generic)
        #expect(others.documents.map(\.name) == ["photo.png"])
        #expect(others.total == 1)
        #expect(try fixture.library.documents().total == 6)
    }
}
