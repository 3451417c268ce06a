import FolioFiles
import FolioSandbox
import FolioTestSupport
import Glibc
import Testing

/// The errno of a failed system call survives into the file error FolioFiles throws.
@Suite struct FileErrorCauseTests {
    @Test func aMissingFileKeepsENOENT() throws {
        let test = try TestContainer()
        let error = #expect(throws: FileError.self) {
            try Files(test.container).contents(of: try SandboxPath(parsing: "Documents/missing.txt"))
        }
        #expect(error?.code == .notFound)
        #expect(error?.errno == ENOENT)
        #expect(error?.errnoName == "ENOENT")
        #expect(error?.systemMessage == "No such file or directory")
        #expect(error?.systemCall != nil)
    }

    @Test func aFileUsedAsADirectoryKeepsENOTDIR() throws {
        let test = try TestContainer()
        try test.plant("Documents/plain.txt", "text")
        let error = #expect(throws: FileError.self) {
            try Files(test.container).write("x", to: try SandboxPath(parsing: "Documents/plain.txt/inner.txt"))
        }
        #expect(error?.code == .notDirectory)
        #expect(error?.errnoName == "ENOTDIR")
    }
}
