import FolioDocuments
import FolioSandbox
import FolioTestSupport
import Foundation
import Glibc
import Testing

/// A document error made from a file error keeps it, and with it the errno of the system call.
@Suite struct DocumentErrorCauseTests {
    @Test func aDeletionIntoABrokenTrashKeepsTheFileErrorAndItsErrno() throws {
        let fixture = try LibraryFixture()
        let document = try fixture.library.createDocument(kind: .note)
        try FileManager.default.removeItem(atPath: fixture.test.absolute("Library/Trash"))
        try fixture.test.plant("Library/Trash", "not a directory")
        let error = #expect(throws: DocumentError.self) { try fixture.library.delete(document.name) }
        let fileError = try #require(error?.fileError)
        #expect(error?.code.rawValue == fileError.code.rawValue)
        #expect(fileError.errnoName == "ENOTDIR")
        #expect(error?.errno == fileError.errno)
        #expect(error?.causes.count == 2)
        #expect(fixture.test.exists("Documents/" + document.name))
    }
}
