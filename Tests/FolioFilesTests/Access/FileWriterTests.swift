import FolioFiles
import FolioSandbox
import FolioTestSupport
import Foundation
import Testing

@Suite struct FileWriterTests {
    @Test func piecesAppearOnlyOnCommit() throws {
        let test = try TestContainer()
        let files = Files(test.container)
        try test.plant("tmp/upload", "old")
        let writer = try files.makeWriter(to: try SandboxPath(parsing: "tmp/upload"))
        try writer.write(Data("new ".utf8))
        #expect(test.read("tmp/upload") == "old", "nothing visible before commit")
        try writer.write(Data("contents".utf8))
        #expect(writer.bytesWritten == 12)
        try writer.commit()
        #expect(test.read("tmp/upload") == "new contents")
    }

    @Test func aCancelledWriterLeavesNoTrace() throws {
        let test = try TestContainer()
        let files = Files(test.container)
        try test.plant("tmp/upload", "old")
        let writer = try files.makeWriter(to: try SandboxPath(parsing: "tmp/upload"))
        try writer.write(Data("half an upload".utf8))
        writer.cancel()
        #expect(test.read("tmp/upload") == "old")
        #expect(try FileManager.default.contentsOfDirectory(atPath: test.absolute("tmp")) == ["upload"])
    }

    @Test func anExclusiveWriterLosesToAFileThatAppearedMeanwhile() throws {
        let test = try TestContainer()
        let files = Files(test.container)
        let writer = try files.makeWriter(to: try SandboxPath(parsing: "tmp/new"), options: .exclusive)
        try writer.write(Data("mine".utf8))
        try test.plant("tmp/new", "theirs")
        let error = try #require(throws: FileError.self) { try writer.commit() }
        #expect(error.code == .alreadyExists)
        #expect(test.read("tmp/new") == "theirs")
    }
}
