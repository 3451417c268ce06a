import FolioFiles
import FolioSandbox
import FolioTestSupport
import Foundation
import Testing

@testable import FolioDocuments

/// A folder of the library checked and then swapped for a symbolic link (by another program,
/// between the check and the use) does not redirect what the library does with the path.
@Suite struct FolderSwapTests {
    /// Replaces `Documents/Projects` with a link to `Library/Preferences`, as an attacker racing
    /// the library would.
    private func swapForLink(_ fixture: LibraryFixture) throws {
        try FileManager.default.moveItem(
            atPath: fixture.test.absolute("Documents/Projects"), toPath: fixture.test.absolute("tmp/Projects"))
        try FileManager.default.createSymbolicLink(
            atPath: fixture.test.absolute("Documents/Projects"), withDestinationPath: "../Library/Preferences")
    }

    @Test func aWriteToACheckedPathDoesNotFollowTheSwappedFolder() throws {
        let fixture = try LibraryFixture()
        try fixture.test.plant("Documents/Projects/a.txt", "a")
        try fixture.test.plant("Library/Preferences/keep.txt", "keep")
        let path = try fixture.library.documentPath("Projects/new.txt", operation: "save")
        try swapForLink(fixture)
        #expect(throws: FileError.self) { try fixture.library.files.write("planted", to: path) }
        #expect(!fixture.test.exists("Library/Preferences/new.txt"))
        #expect(fixture.test.read("Library/Preferences/keep.txt") == "keep")
    }

    @Test func aReadOrMoveOfACheckedDocumentDoesNotFollowTheSwappedFolder() throws {
        let fixture = try LibraryFixture()
        try fixture.test.plant("Documents/Projects/a.txt", "a")
        try fixture.test.plant("Library/Preferences/a.txt", "secret")
        let document = try fixture.library.documentPath("Projects/a.txt", operation: "open")
        let target = try fixture.library.documentPath("b.txt", operation: "move")
        try swapForLink(fixture)
        #expect(throws: FileError.self) { try fixture.library.files.contents(of: document) }
        #expect(throws: FileError.self) { try fixture.library.files.move(document, to: target) }
        #expect(fixture.test.read("Library/Preferences/a.txt") == "secret")
        #expect(!fixture.test.exists("Documents/b.txt"))
    }
}
