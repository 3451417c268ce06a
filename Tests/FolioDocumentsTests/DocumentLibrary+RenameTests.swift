import FolioDocuments
import FolioSandbox
import FolioTestSupport
import Foundation
import Testing

@Suite struct DocumentLibraryRenameTests {
    @Test func keepsTheExtension() throws {
        let fixture = try LibraryFixture()
        try fixture.test.plant("Documents/a.dudeldoc", "drawing")
        #expect(try fixture.library.rename("a.dudeldoc", to: "Garden").name == "Garden.dudeldoc")
        #expect(try fixture.library.rename("Garden.dudeldoc", to: "Plan.dudeldoc").name == "Plan.dudeldoc")
        #expect(try fixture.library.rename("Plan.dudeldoc", to: "Plan.txt").name == "Plan.txt.dudeldoc")
        #expect(try fixture.namesOnDisk() == ["Plan.txt.dudeldoc"])
        #expect(fixture.test.read("Documents/Plan.txt.dudeldoc") == "drawing")
    }

    struct BadName: Sendable, CustomStringConvertible {
        var title: String
        var rule: String
        var description: String { title }
    }

    /// The trap: a rename to `../x` or `a/b` is not refused, and rename errors are ignored.
    @Test(arguments: [
        BadName(title: "../x", rule: "'/'"),
        BadName(title: "a/b", rule: "'/'"),
        BadName(title: "..", rule: "not allowed"),
        BadName(title: "", rule: "empty"),
        BadName(title: " padded", rule: "space"),
        BadName(title: "line\nbreak", rule: "control"),
        BadName(title: ".hidden", rule: "hidden"),
        BadName(title: String(repeating: "x", count: 250), rule: "255 bytes"),
    ])
    func refusesNamesThatBreakTheRules(_ bad: BadName) throws {
        let fixture = try LibraryFixture()
        try fixture.test.plant("Documents/a.dudeldoc", "drawing")
        let error = try #require(throws: DocumentError.self) { try fixture.library.rename("a.dudeldoc", to: bad.title) }
        #expect(error.code == .invalidName)
        #expect(error.reason.contains(bad.rule), "\(error)")
        #expect(try fixture.namesOnDisk() == ["a.dudeldoc"])
        #expect(!fixture.test.exists("x.dudeldoc"))
        #expect(!fixture.test.exists("Documents/a"))
    }

    @Test func refusesANameThatIsTaken() throws {
        let fixture = try LibraryFixture()
        try fixture.test.plant("Documents/a.dudeldoc", "a")
        try fixture.test.plant("Documents/b.dudeldoc", "b")
        let error = try #require(throws: DocumentError.self) { try fixture.library.rename("a.dudeldoc", to: "b") }
        #expect(error.code == .alreadyExists)
        #expect(
            error.description
                == "rename failed for Documents/a.dudeldoc: A file with that name already exists! "
                + "Please enter a different file name. (alreadyExists)")
        #expect(fixture.test.read("Documents/a.dudeldoc") == "a")
        #expect(fixture.test.read("Documents/b.dudeldoc") == "b")
    }

    /// The trap: "already exists" checked against a list read earlier. The other file appears
    /// after the list was read; the rename still refuses, because the disk decides.
    @Test func refusesANameTakenAfterTheListWasRead() throws {
        let fixture = try LibraryFixture()
        try fixture.test.plant("Documents/a.dudeldoc", "a")
        let listed = try fixture.library.allDocuments().map(\.name)
        #expect(!listed.contains("b.dudeldoc"))
        try fixture.test.plant("Documents/b.dudeldoc", "appeared meanwhile")
        let error = try #require(throws: DocumentError.self) { try fixture.library.rename("a.dudeldoc", to: "b") }
        #expect(error.code == .alreadyExists)
        #expect(error.userMessage == DocumentError.nameTakenMessage)
        #expect(fixture.test.read("Documents/b.dudeldoc") == "appeared meanwhile")
        #expect(fixture.test.read("Documents/a.dudeldoc") == "a")
    }

    @Test func theCurrentAndRecentDocumentsFollowARename() throws {
        let fixture = try LibraryFixture()
        let document = try fixture.library.createDocument()
        try fixture.library.rename(document.name, to: "Garden")
        #expect(try fixture.reopened().currentDocument().name == "Garden.dudeldoc")
        #expect(try fixture.library.recentDocuments().map(\.name) == ["Garden.dudeldoc"])
    }

    @Test func renamingAMissingDocumentSaysSo() throws {
        let fixture = try LibraryFixture()
        let error = try #require(throws: DocumentError.self) { try fixture.library.rename("gone.txt", to: "x") }
        #expect(error.code == .notFound)
        #expect(try fixture.namesOnDisk() == [])
    }

    @Test func proposesTheNameBeforeRenaming() throws {
        let fixture = try LibraryFixture()
        #expect(try fixture.library.proposedName(renaming: "a.dudeldoc", to: "Garden") == "Garden.dudeldoc")
        #expect(try fixture.library.proposedName(renaming: "README", to: "Notes") == "Notes")
    }
}

@Suite struct DocumentLibraryRenameOfWhatIsNotADocumentTests {
    /// A symbolic link in Documents/ is not a document: a rename refuses it and changes nothing,
    /// whichever shell asks, so the answer and what happens agree.
    @Test func aSymbolicLinkIsNotRenamed() throws {
        let fixture = try LibraryFixture()
        try fixture.test.plant("Documents/target.txt", "text")
        try FileManager.default.createSymbolicLink(
            atPath: fixture.test.absolute("Documents/link.txt"), withDestinationPath: "target.txt")
        let error = try #require(throws: DocumentError.self) { try fixture.library.rename("link.txt", to: "moved") }
        #expect(error.code == .notFound)
        #expect(try fixture.namesOnDisk() == ["link.txt", "target.txt"])
    }

    /// A directory is a folder: renamed to the name as typed, no extension kept or added.
    @Test func aFolderIsRenamedToTheNameAsTyped() throws {
        let fixture = try LibraryFixture()
        try fixture.test.plant("Documents/Folder.txt/inside", "x")
        let renamed = try fixture.library.rename("Folder.txt", to: "Other")
        #expect(renamed.name == "Other")
        #expect(renamed.kind == .folder)
        #expect(try fixture.namesOnDisk() == ["Other"])
        #expect(fixture.test.read("Documents/Other/inside") == "x")
    }
}
