import FolioFiles
import FolioSandbox
import FolioTestSupport
import Foundation
import Testing

@Suite struct MoveCopyTests {
    @Test func moveNeverOverwritesUnlessForced() throws {
        let test = try TestContainer()
        let files = Files(test.container)
        try test.plant("Documents/a.txt", "a")
        try test.plant("Documents/b.txt", "b")
        let a = try SandboxPath(parsing: "Documents/a.txt")
        let b = try SandboxPath(parsing: "Documents/b.txt")
        let error = try #require(throws: FileError.self) { try files.move(a, to: b) }
        #expect(error.code == .alreadyExists)
        #expect(test.read("Documents/a.txt") == "a")
        #expect(test.read("Documents/b.txt") == "b")
        try files.move(a, to: b, replacing: true)
        #expect(test.read("Documents/b.txt") == "a")
        #expect(!test.exists("Documents/a.txt"))
    }

    @Test func moveToAFreeNameNumbersTheNameWhenItIsTaken() throws {
        let test = try TestContainer()
        let files = Files(test.container)
        try test.plant("tmp/a.txt", "first")
        try test.plant("tmp/b.txt", "second")
        try test.plant("Documents/a.txt", "taken")
        try test.plant("Documents/a 2.txt", "taken too")
        let first = try files.move(
            try SandboxPath(parsing: "tmp/a.txt"), toFreeNameAt: try SandboxPath(parsing: "Documents/a.txt"))
        #expect(first.description == "Documents/a 3.txt")
        let second = try files.move(
            try SandboxPath(parsing: "tmp/b.txt"), toFreeNameAt: try SandboxPath(parsing: "Documents/b.txt"))
        #expect(second.description == "Documents/b.txt")
        #expect(test.read("Documents/a.txt") == "taken")
        #expect(test.read("Documents/a 2.txt") == "taken too")
        #expect(test.read("Documents/a 3.txt") == "first")
        let missing = try #require(throws: FileError.self) {
            try files.move(try SandboxPath(parsing: "tmp/gone"), toFreeNameAt: try SandboxPath(parsing: "Documents/x"))
        }
        #expect(missing.code == .notFound)
    }

    @Test func moveRenamesDirectoriesAndRefusesMovingIntoItself() throws {
        let test = try TestContainer()
        let files = Files(test.container)
        try test.plant("Documents/dir/x", "x")
        try files.move(try SandboxPath(parsing: "Documents/dir"), to: try SandboxPath(parsing: "tmp/dir2"))
        #expect(test.read("tmp/dir2/x") == "x")
        let error = try #require(throws: FileError.self) {
            try files.move(try SandboxPath(parsing: "tmp/dir2"), to: try SandboxPath(parsing: "tmp/dir2/inner"))
        }
        #expect(error.code == .invalidArgument)
    }

    @Test func destinationInsideAnExistingDirectory() throws {
        let test = try TestContainer()
        let files = Files(test.container)
        try test.plant("Documents/a.txt", "a")
        let a = try SandboxPath(parsing: "Documents/a.txt")
        #expect(try files.destination(for: a, at: .tmp).description == "tmp/a.txt")
        #expect(try files.destination(for: a, at: try SandboxPath(parsing: "tmp/new.txt")).description == "tmp/new.txt")
    }

    @Test func theBundleCannotBeMovedOrWrittenInto() throws {
        let test = try TestContainer()
        let files = Files(test.container)
        let error = try #require(throws: FileError.self) {
            try files.move(try SandboxPath(parsing: "Folio.app/file.txt"), to: try SandboxPath(parsing: "tmp/f"))
        }
        #expect(error.code == .readOnly)
        // Copying out of the bundle is fine.
        try files.copy(try SandboxPath(parsing: "Folio.app/file.txt"), to: try SandboxPath(parsing: "tmp/f"))
        #expect(test.exists("tmp/f"))
        let into = try #require(throws: FileError.self) {
            try files.copy(try SandboxPath(parsing: "tmp/f"), to: try SandboxPath(parsing: "Folio.app/f"))
        }
        #expect(into.code == .readOnly)
    }

    @Test func copiesAFilePrivatelyUnlessPreserving() throws {
        let test = try TestContainer()
        let files = Files(test.container)
        try test.plant("Documents/a.txt", "contents")
        let old = Date(timeIntervalSince1970: 1_500_000_000)
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o644, .modificationDate: old], ofItemAtPath: test.absolute("Documents/a.txt"))
        let source = try SandboxPath(parsing: "Documents/a.txt")
        try files.copy(source, to: try SandboxPath(parsing: "tmp/plain.txt"))
        try files.copy(
            source, to: try SandboxPath(parsing: "tmp/kept.txt"), options: CopyOptions(preservesAttributes: true))
        let plain = try files.attributes(of: try SandboxPath(parsing: "tmp/plain.txt"))
        let kept = try files.attributes(of: try SandboxPath(parsing: "tmp/kept.txt"))
        #expect(test.read("tmp/plain.txt") == "contents")
        #expect(plain.posixPermissions == 0o600)
        #expect(kept.posixPermissions == 0o644)
        #expect(kept.modificationDate == old)
        #expect(plain.modificationDate != old)
    }

    @Test func copyNeverOverwritesUnlessForced() throws {
        let test = try TestContainer()
        let files = Files(test.container)
        try test.plant("Documents/a.txt", "new")
        try test.plant("tmp/a.txt", "existing")
        let error = try #require(throws: FileError.self) {
            try files.copy(try SandboxPath(parsing: "Documents/a.txt"), to: try SandboxPath(parsing: "tmp/a.txt"))
        }
        #expect(error.code == .alreadyExists)
        #expect(test.read("tmp/a.txt") == "existing")
        try files.copy(
            try SandboxPath(parsing: "Documents/a.txt"), to: try SandboxPath(parsing: "tmp/a.txt"),
            options: CopyOptions(replacing: true))
        #expect(test.read("tmp/a.txt") == "new")
    }

    @Test func copiesATreeWithLinksAsLinks() throws {
        let test = try TestContainer()
        let files = Files(test.container)
        try test.plant("Documents/tree/a.txt", "a")
        try test.plant("Documents/tree/sub/b.txt", "bb")
        try test.plant("Documents/tree/sub/deeper/c.txt", "ccc")
        try FileManager.default.createSymbolicLink(
            atPath: test.absolute("Documents/tree/sub/link"), withDestinationPath: "b.txt")
        let copied = try files.copy(
            try SandboxPath(parsing: "Documents/tree"), to: try SandboxPath(parsing: "tmp/tree"),
            options: CopyOptions(isRecursive: true))
        #expect(copied.items == 7)
        #expect(copied.bytes == 6)
        #expect(test.read("tmp/tree/sub/deeper/c.txt") == "ccc")
        #expect(
            try FileManager.default.destinationOfSymbolicLink(atPath: test.absolute("tmp/tree/sub/link")) == "b.txt")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: test.absolute("tmp")) == ["tree"], "no staging left")
    }

    @Test func copyingADirectoryNeedsRecursionAndRefusesItself() throws {
        let test = try TestContainer()
        let files = Files(test.container)
        try test.plant("Documents/tree/a.txt", "a")
        let tree = try SandboxPath(parsing: "Documents/tree")
        let flat = try #require(throws: FileError.self) { try files.copy(tree, to: try SandboxPath(parsing: "tmp/t")) }
        #expect(flat.code == .isDirectory)
        let inside = try #require(throws: FileError.self) {
            try files.copy(
                tree, to: try SandboxPath(parsing: "Documents/tree/copy"), options: CopyOptions(isRecursive: true))
        }
        #expect(inside.code == .invalidArgument)
    }

    @Test func aTreeCopyIntoAnExistingDirectoryFailsAndLeavesNothing() throws {
        let test = try TestContainer()
        let files = Files(test.container)
        try test.plant("Documents/tree/a.txt", "a")
        try test.plant("tmp/tree/old.txt", "old")
        let error = try #require(throws: FileError.self) {
            try files.copy(
                try SandboxPath(parsing: "Documents/tree"), to: try SandboxPath(parsing: "tmp/tree"),
                options: CopyOptions(isRecursive: true))
        }
        #expect(error.code == .alreadyExists)
        #expect(try FileManager.default.contentsOfDirectory(atPath: test.absolute("tmp/tree")) == ["old.txt"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: test.absolute("tmp")) == ["tree"])
        try files.copy(
            try SandboxPath(parsing: "Documents/tree"), to: try SandboxPath(parsing: "tmp/tree"),
            options: CopyOptions(isRecursive: true, replacing: true))
        #expect(try FileManager.default.contentsOfDirectory(atPath: test.absolute("tmp/tree")) == ["a.txt"])
    }

    @Test func preservingATreeKeepsModesAndTimes() throws {
        let test = try TestContainer()
        let files = Files(test.container)
        try test.plant("Documents/tree/sub/x", "x")
        let old = Date(timeIntervalSince1970: 1_400_000_000)
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o640, .modificationDate: old], ofItemAtPath: test.absolute("Documents/tree/sub/x"))
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o750, .modificationDate: old], ofItemAtPath: test.absolute("Documents/tree/sub"))
        try files.copy(
            try SandboxPath(parsing: "Documents/tree"), to: try SandboxPath(parsing: "tmp/tree"),
            options: CopyOptions(isRecursive: true, preservesAttributes: true))
        let file = try files.attributes(of: try SandboxPath(parsing: "tmp/tree/sub/x"))
        let directory = try files.attributes(of: try SandboxPath(parsing: "tmp/tree/sub"))
        #expect(file.posixPermissions == 0o640)
        #expect(file.modificationDate == old)
        #expect(directory.posixPermissions == 0o750)
        #expect(directory.modificationDate == old)
    }
}
