import FolioFiles
import FolioSandbox
import FolioTestSupport
import Foundation
import Testing

@Suite struct CreateRemoveTests {
    @Test func createsDirectoriesWithIntermediates() throws {
        let test = try TestContainer()
        let files = Files(test.container)
        try files.createDirectory(at: try SandboxPath(parsing: "tmp/a/b/c"), withIntermediateDirectories: true)
        #expect(test.exists("tmp/a/b/c"))
        try files.createDirectory(at: try SandboxPath(parsing: "tmp/a/b/c"), withIntermediateDirectories: true)
        let error = try #require(throws: FileError.self) {
            try files.createDirectory(at: try SandboxPath(parsing: "tmp/a/b/c"))
        }
        #expect(error.code == .alreadyExists)
        let missingParent = try #require(throws: FileError.self) {
            try files.createDirectory(at: try SandboxPath(parsing: "tmp/x/y"))
        }
        #expect(missingParent.code == .notFound)
    }

    @Test func replacingAFileKeepsItsPermissions() throws {
        let test = try TestContainer()
        let files = Files(test.container)
        let path = try SandboxPath(parsing: "Documents/shared.txt")
        try files.write("v1", to: path, options: WriteOptions(permissions: 0o644))
        try files.write("v2", to: path)
        #expect(test.read("Documents/shared.txt") == "v2")
        #expect(try files.attributes(of: path).posixPermissions == 0o644)
    }

    @Test func exclusiveWritesNeverOverwrite() throws {
        let test = try TestContainer()
        let files = Files(test.container)
        let path = try SandboxPath(parsing: "Documents/a.txt")
        try files.write("first", to: path, options: .exclusive)
        let error = try #require(throws: FileError.self) { try files.write("second", to: path, options: .exclusive) }
        #expect(error.code == .alreadyExists)
        #expect(test.read("Documents/a.txt") == "first")
    }

    @Test func aFailedStreamingWriteLeavesTheOldFileAndNoLeftovers() throws {
        struct Interrupted: Error {}
        let test = try TestContainer()
        let files = Files(test.container)
        let path = try SandboxPath(parsing: "Documents/a.txt")
        try files.write("old", to: path)
        #expect(throws: Interrupted.self) {
            try files.write(to: path) { file in
                try file.write(Data("partial new contents".utf8))
                throw Interrupted()
            }
        }
        #expect(test.read("Documents/a.txt") == "old")
        #expect(try FileManager.default.contentsOfDirectory(atPath: test.absolute("Documents")) == ["a.txt"])
    }

    @Test func writingThroughALinkUpdatesItsTargetAndKeepsTheLink() throws {
        let test = try TestContainer()
        let files = Files(test.container)
        try test.plant("Library/notes/real.txt", "old")
        try FileManager.default.createSymbolicLink(
            atPath: test.absolute("Documents/alias.txt"), withDestinationPath: "../Library/notes/real.txt")
        try files.write("new", to: try SandboxPath(parsing: "Documents/alias.txt"))
        #expect(test.read("Library/notes/real.txt") == "new")
        #expect(try files.attributes(of: try SandboxPath(parsing: "Documents/alias.txt")).type == .symbolicLink)
    }

    @Test func removingALinkToADirectoryRemovesTheLinkOnly() throws {
        let test = try TestContainer()
        let files = Files(test.container)
        try test.plant("Documents/real/keep.txt", "keep")
        try FileManager.default.createSymbolicLink(atPath: test.absolute("Documents/link"), withDestinationPath: "real")
        try files.remove(try SandboxPath(parsing: "Documents/link"), recursive: true)
        #expect(!test.exists("Documents/link"))
        #expect(test.read("Documents/real/keep.txt") == "keep")
    }

    @Test func recursiveRemovalNeverFollowsLinksOutOfTheTree() throws {
        let test = try TestContainer()
        let files = Files(test.container)
        let outside = test.directory.appending("outside")
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try Data("precious".utf8).write(to: URL(fileURLWithPath: outside + "/data"))
        try test.plant("Library/keep.txt", "keep")
        try test.plant("tmp/tree/sub/file", "x")
        try FileManager.default.createSymbolicLink(atPath: test.absolute("tmp/tree/out"), withDestinationPath: outside)
        try FileManager.default.createSymbolicLink(
            atPath: test.absolute("tmp/tree/sub/lib"), withDestinationPath: "../../../Library")
        let removed = try files.remove(try SandboxPath(parsing: "tmp/tree"), recursive: true)
        #expect(removed == 5)  // sub/file, out, sub/lib, sub, tree
        #expect(!test.exists("tmp/tree"))
        #expect(FileManager.default.fileExists(atPath: outside + "/data"))
        #expect(test.read("Library/keep.txt") == "keep")
    }

    @Test func aNonEmptyDirectoryNeedsRecursion() throws {
        let test = try TestContainer()
        let files = Files(test.container)
        try test.plant("tmp/full/x", "x")
        let error = try #require(throws: FileError.self) { try files.remove(try SandboxPath(parsing: "tmp/full")) }
        #expect(error.code == .directoryNotEmpty)
        #expect(test.exists("tmp/full/x"))
        try test.plant("tmp/empty/.keep", "")
        try FileManager.default.removeItem(atPath: test.absolute("tmp/empty/.keep"))
        try files.remove(try SandboxPath(parsing: "tmp/empty"))
        #expect(!test.exists("tmp/empty"))
    }

    @Test func removingSomethingMissingIsNotFound() throws {
        let test = try TestContainer()
        let error = try #require(throws: FileError.self) {
            try Files(test.container).remove(try SandboxPath(parsing: "tmp/nothing"))
        }
        #expect(error.code == .notFound)
        #expect(error.description == "remove failed for tmp/nothing: no such file or directory (notFound)")
    }

    @Test func removesADeepTreeWithoutRecursionLimits() throws {
        let test = try TestContainer()
        let files = Files(test.container)
        var relative = "tmp/deep"
        for _ in 0..<300 { relative += "/d" }
        try files.createDirectory(at: try SandboxPath(parsing: relative), withIntermediateDirectories: true)
        try files.remove(try SandboxPath(parsing: "tmp/deep"), recursive: true)
        #expect(!test.exists("tmp/deep"))
    }
}
