import FolioSandbox
import FolioSystem
import Glibc
import Testing

@Suite struct FileErrorSystemTests {
    @Test func aFailedSystemCallKeepsItsErrnoNameMessageAndCall() {
        let error = FileError(
            SystemError(.permissionDenied, call: "openat2", path: "a.txt"), operation: "open",
            subject: "Documents/a.txt")
        #expect(error.code == .permissionDenied)
        #expect(error.errno == EACCES)
        #expect(error.errnoName == "EACCES")
        #expect(error.systemMessage == "Permission denied")
        #expect(error.systemCall == "openat2")
        #expect(
            error.description
                == "open failed for Documents/a.txt: permission denied (Permission denied) (permissionDenied)")
    }

    @Test func anErrorFolioFoundItselfHasNoErrno() {
        let error = FileError(.invalidName, operation: "create", subject: "Documents/a", reason: "bad")
        #expect(error.errno == nil)
        #expect(error.errnoName == nil)
        #expect(error.systemCall == nil)
    }

    @Test func translatingKeepsAFileErrorAndTranslatesASystemError() {
        let own = FileError(.conflict, operation: "replace", subject: "Documents/a", reason: "changed")
        #expect(FileError.translating(own, operation: "save", subject: "x") == own)
        let system = FileError.translating(
            SystemError(.noSpace, call: "write"), operation: "save", subject: "Documents/a")
        #expect(system.code == .noSpace)
        #expect(system.errnoName == "ENOSPC")
        #expect(system.operation == "save")
    }
}
