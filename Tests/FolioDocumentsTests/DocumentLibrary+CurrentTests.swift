import FolioDocuments
import FolioSandbox
import FolioTestSupport
import Foundation
import Testing

@Suite struct DocumentLibraryCurrentTests {
    @Test func theCurrentDocumentIsRestoredAtTheNextLaunch() throws {
        let fixture = try LibraryFixture()
        try fixture.test.plant("Documents/a.txt", "a")
        try fixture.test.plant("Documents/b.txt", "b")
        try fixture.library.select("a.txt")
        // A new library on the same container, as the next launch opens it.
        #expect(try fixture.reopened().currentDocument().name == "a.txt")
        #expect(fixture.test.read("Library/Preferences/documents.json")?.contains("\"current\" : \"a.txt\"") == true)
    }

    @Test func withoutASelectionTheNewestDocumentIsCurrent() throws {
        let fixture = try LibraryFixture()
        try fixture.test.plant("Documents/old.txt", "a")
        try fixture.test.plant("Documents/new.txt", "b")
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: 1_000_000_000)],
            ofItemAtPath: fixture.test.absolute("Documents/old.txt"))
        #expect(try fixture.library.currentDocument().name == "new.txt")
        #expect(try fixture.library.currentDocumentName() == "new.txt")
    }

    /// The trap: the current document is deleted by another program while it is current.
    @Test func aCurrentDocumentDeletedOutsideFolioIsReplacedByItsNeighbour() throws {
        let fixture = try LibraryFixture()
        for name in ["a.txt", "b.txt", "c.txt"] {
            try fixture.test.plant("Documents/" + name, name)
        }
        try fixture.library.select("b.txt")
        try FileManager.default.removeItem(atPath: fixture.test.absolute("Documents/b.txt"))
        #expect(try fixture.library.currentDocument().name == "c.txt")
        #expect(try fixture.library.recentDocuments().map(\.name) == ["c.txt"])
        try FileManager.default.removeItem(atPath: fixture.test.absolute("Documents/c.txt"))
        try FileManager.default.removeItem(atPath: fixture.test.absolute("Documents/a.txt"))
        let replacement = try fixture.library.currentDocument()
        #expect(replacement.name == fixture.untitled(.drawing))
        #expect(try fixture.namesOnDisk() == [fixture.untitled(.drawing)])
    }

    @Test func selectingAMissingDocumentChangesNothing() throws {
        let fixture = try LibraryFixture()
        try fixture.test.plant("Documents/a.txt", "a")
        try fixture.library.select("a.txt")
        let error = try #require(throws: DocumentError.self) { try fixture.library.select("gone.txt") }
        #expect(error.code == .notFound)
        #expect(try fixture.library.currentDocumentName() == "a.txt")
    }

    @Test func recentsAreTheLastSelectedFirst() throws {
        let fixture = try LibraryFixture()
        for name in ["a.txt", "b.txt", "c.txt"] {
            try fixture.test.plant("Documents/" + name, name)
        }
        for name in ["a.txt", "b.txt", "c.txt", "a.txt"] {
            try fixture.library.select(name)
        }
        #expect(try fixture.library.recentDocuments().map(\.name) == ["a.txt", "c.txt", "b.txt"])
        #expect(try fixture.library.recentDocuments(limit: 2).map(\.name) == ["a.txt", "c.txt"])
    }

    @Test func aNameInThePreferencesThatNoDocumentCanHaveIsIgnored() throws {
        let fixture = try LibraryFixture()
        try fixture.test.plant("Documents/a.txt", "a")
        try fixture.test.plant(
            "Library/Preferences/documents.json",
            #"{"archiver":"Folio","archiverVersion":1,"type":"DocumentLibraryPreferences","version":1,"root":{"current":"../escape","recents":["../escape","a.txt"]}}"#
        )
        #expect(try fixture.library.recentDocuments().map(\.name) == ["a.txt"])
        #expect(try fixture.library.currentDocument().name == "a.txt")
    }

    @Test func aDamagedPreferencesFileIsChosenAgain() throws {
        let fixture = try LibraryFixture()
        try fixture.test.plant("Documents/a.txt", "a")
        try fixture.test.plant("Library/Preferences/documents.json", "{ not json")
        #expect(try fixture.library.currentDocument().name == "a.txt")
        #expect(try fixture.reopened().currentDocumentName() == "a.txt")
    }
}
