import FolioFiles
import FolioSandbox
import FolioTestSupport
import Foundation
import Testing

/// Names another program made that are not UTF-8: Linux names are bytes. A walk goes into such
/// a directory, and a copy or a removal of the tree around it does not stop there.
@Suite struct ForeignNameTests {
    /// `tmp/tree` holding `bad\xFFdir/inner.txt`, `x\xFE.txt` and `fine.txt`.
    private func makeTree() throws -> (TestContainer, Files) {
        let test = try TestContainer()
        try test.plant("tmp/tree/fine.txt", "fine")
        let tree = Array(test.absolute("tmp/tree").utf8)
        let directory = tree + Array("/bad".utf8) + [0xFF] + Array("dir".utf8)
        #expect(mkdir(cString(directory), 0o755) == 0)
        try write(cString(directory + Array("/inner.txt".utf8)), "inner")
        try write(cString(tree + Array("/x".utf8) + [0xFE] + Array(".txt".utf8)), "x")
        return (test, Files(test.container))
    }

    private func cString(_ bytes: [UInt8]) -> [CChar] {
        (bytes + [0]).map { CChar(bitPattern: $0) }
    }

    private func write(_ path: [CChar], _ text: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        try #require(fd >= 0)
        _ = Array(text.utf8).withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        close(fd)
    }

    @Test func aWalkGoesIntoADirectoryWhoseNameIsNotUTF8() throws {
        let (test, files) = try makeTree()
        defer { withExtendedLifetime(test) {} }
        for order in [WalkOptions.Order.name, .filesystem] {
            let walker = try files.walk(
                SandboxPath(parsing: "tmp/tree"), options: WalkOptions(detail: .basic, order: order))
            let paths = Set(Array(walker).map(\.path))
            #expect(paths == ["bad\u{FFFD}dir", "bad\u{FFFD}dir/inner.txt", "fine.txt", "x\u{FFFD}.txt"])
        }
    }

    @Test func aCopyAndARemovalTakeEveryEntryWhateverItsName() throws {
        let (test, files) = try makeTree()
        defer { withExtendedLifetime(test) {} }
        try files.copy(
            SandboxPath(parsing: "tmp/tree"), to: SandboxPath(parsing: "tmp/copy"),
            options: CopyOptions(isRecursive: true))
        let copied = try files.walk(
            SandboxPath(parsing: "tmp/copy"), options: WalkOptions(detail: .basic, order: .name))
        #expect(
            Array(copied).map(\.path) == ["bad\u{FFFD}dir", "bad\u{FFFD}dir/inner.txt", "fine.txt", "x\u{FFFD}.txt"])
        try files.remove(SandboxPath(parsing: "tmp/tree"), recursive: true)
        try files.remove(SandboxPath(parsing: "tmp/copy"), recursive: true)
        #expect(!test.exists("tmp/tree"))
        #expect(!test.exists("tmp/copy"))
    }
}
