import FolioSandbox
import FolioTestSupport
import Testing

/// The two entries of a rename or move: one open of a directory both share.
@Suite struct ContainerEntriesTests {
    @Test func aRenameInOneDirectoryOpensItOnce() throws {
        let test = try TestContainer()
        let (from, to) = try test.container.entries(
            SandboxPath(parsing: "Documents/a.txt"), SandboxPath(parsing: "Documents/b.txt"), operation: "rename")
        #expect(from.directory.rawValue == to.directory.rawValue)
        #expect(from.name == "a.txt" && to.name == "b.txt")
        #expect(to.path.description == "Documents/b.txt")
    }

    @Test func aMoveBetweenDirectoriesOpensEach() throws {
        let test = try TestContainer()
        let (from, to) = try test.container.entries(
            SandboxPath(parsing: "Documents/a.txt"), SandboxPath(parsing: "tmp/a.txt"), operation: "move")
        #expect(from.directory.rawValue != to.directory.rawValue)
        #expect(to.name == "a.txt")
    }

    @Test func theBundleStaysReadOnlyEitherWay() throws {
        let test = try TestContainer()
        let error = try #require(throws: FileError.self) {
            try test.container.entries(
                SandboxPath(parsing: "Documents/a.txt"), SandboxPath(parsing: "Folio.app/a.txt"), operation: "move")
        }
        #expect(error.code == .readOnly)
    }
}
