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

    @Test func aBigUploadHandedToTheDeviceAsItArrivesIsStillAtomic() throws {
        let test = try TestContainer()
        let files = Files(test.container)
        try test.plant("tmp/upload", "old")
        let writer = try files.makeWriter(to: try SandboxPath(parsing: "tmp/upload"))
        // Uneven chunks over several writeback windows (8 MiB each), as an upload arrives.
        let source = Data((0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 9) })
        var expected = Data()
        while expected.count < 20 << 20 {
            let start = expected.count % 4099
            let chunk = Data(source[start..<(start + 300_000 + expected.count % 7919)])
            try writer.write(chunk.bytes)
            expected.append(chunk)
        }
        #expect(test.read("tmp/upload") == "old", "nothing visible before commit, though much is on the device")
        try writer.commit()
        #expect(FileManager.default.contents(atPath: test.absolute("tmp/upload")) == expected)
        #expect(try FileManager.default.contentsOfDirectory(atPath: test.absolute("tmp")) == ["upload"])
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
