import FolioFiles
import FolioSandbox
import FolioTestSupport
import Foundation
import Testing

@Suite struct OpenFileTests {
    /// The seed's listing: copy file.txt from the bundle to Documents/fileNew.txt, seek to 11 and
    /// write " modified " over what is there.
    @Test func patchesABundleFileCopyInPlaceAtOffsetEleven() throws {
        let test = try TestContainer()
        let files = Files(test.container)
        let resource = try #require(try files.pathForResource("file", ofType: "txt"))
        let copy = try SandboxPath(parsing: "Documents/fileNew.txt")
        try files.copy(resource, to: copy)
        let original = try #require(test.read("Documents/fileNew.txt"))
        let file = try files.open(copy, mode: .updating)
        try file.seek(to: 11)
        try file.write(Data(" modified ".utf8))
        #expect(try file.offset() == 21)
        try file.close()
        var expected = Array(original.utf8)
        expected.replaceSubrange(11..<21, with: Array(" modified ".utf8))
        #expect(test.read("Documents/fileNew.txt") == String(decoding: expected, as: UTF8.self))
    }

    @Test func readsWritesAndSeeks() throws {
        let test = try TestContainer()
        let files = Files(test.container)
        let path = try SandboxPath(parsing: "tmp/data")
        let file = try files.open(path, mode: .updating, creating: true)
        try file.write(Data("0123456789".utf8))
        try file.seek(to: 2)
        #expect(try file.read(upTo: 3) == Data("234".utf8))
        #expect(try file.read(upTo: 4, at: 8) == Data("89".utf8))
        #expect(try file.offset() == 5, "positional reads leave the offset alone")
        try file.write(Data("XY".utf8), at: 0)
        #expect(try file.seekToEnd() == 10)
        try file.truncate(to: 4)
        #expect(try file.size() == 4)
        try file.synchronize()
        try file.close()
        #expect(test.read("tmp/data") == "XY23")
        let closed = try #require(throws: FileError.self) { try file.read(upTo: 1) }
        #expect(closed.reason == "the file is closed")
    }

    @Test func appendingWritesAtTheEnd() throws {
        let test = try TestContainer()
        let files = Files(test.container)
        try test.plant("tmp/log", "a")
        let file = try files.open(try SandboxPath(parsing: "tmp/log"), mode: .appending)
        try file.write(Data("b".utf8))
        try file.write(Data("c".utf8), at: 0)
        try file.close()
        #expect(test.read("tmp/log")?.hasPrefix("a") == true)
        #expect(test.read("tmp/log")?.contains("b") == true)
    }

    @Test func readingAMissingFileOrADirectoryIsAClearError() throws {
        let test = try TestContainer()
        let files = Files(test.container)
        let missing = try #require(throws: FileError.self) {
            try files.open(try SandboxPath(parsing: "tmp/none"), mode: .reading)
        }
        #expect(missing.code == .notFound)
        let directory = try #require(throws: FileError.self) { try files.open(.documents, mode: .reading) }
        #expect(directory.code == .isDirectory)
    }

    /// Patching a 10 GiB file must cost the size of the patch: the file stays sparse (almost no
    /// blocks allocated), which it could not if any part of it had been rewritten.
    @Test func patchingAHugeFileTouchesOnlyThePatch() throws {
        let test = try TestContainer()
        let files = Files(test.container)
        let path = try SandboxPath(parsing: "tmp/huge")
        let file = try files.open(path, mode: .writing, creating: true)
        try file.truncate(to: 10 << 30)
        try file.write(Data("contents".utf8), at: 11)
        try file.close()
        let started = Date()
        try files.patch(path, at: 11, with: Array("modified".utf8))
        let elapsed = Date().timeIntervalSince(started)
        let attributes = try files.attributes(of: path)
        #expect(attributes.size == 10 << 30)
        #expect(attributes.allocatedSize < 1 << 20, "only the patched block is allocated")
        let check = try files.open(path, mode: .reading)
        #expect(try check.read(upTo: 8, at: 11) == Data("modified".utf8))
        #expect(elapsed < 5, "a patch is not a rewrite")
    }

    @Test func patchRefusesAnOffsetBeyondTheEndUnlessExtending() throws {
        let test = try TestContainer()
        let files = Files(test.container)
        let path = try SandboxPath(parsing: "tmp/small")
        try files.write("abc", to: path)
        let error = try #require(throws: FileError.self) { try files.patch(path, at: 10, with: Array("x".utf8)) }
        #expect(error.code == .invalidArgument)
        #expect(error.operation == "patch")
        #expect(test.read("tmp/small") == "abc")
        try files.patch(path, at: 5, with: Array("x".utf8), allowsExtending: true)
        #expect(try files.attributes(of: path).size == 6)
    }
}
