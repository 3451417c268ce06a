import FolioFiles
import FolioSandbox
import FolioSystem
import FolioTestSupport
import Testing

@Suite struct LockTests {
    @Test func excludesOtherHoldersUntilTheBodyReturns() throws {
        let test = try TestContainer()
        let files = Files(test.container)
        let path = try SandboxPath(parsing: "Library/Preferences")
        let other = try test.container.open(path, flags: [.directory], operation: "test")
        let heldInside = try files.withLock(on: path) {
            try other.lock(.exclusive, waiting: false)
        }
        #expect(heldInside == false)
        #expect(try other.lock(.exclusive, waiting: false) == true)
    }

    @Test func releasesTheLockWhenTheBodyThrows() throws {
        struct Stop: Error {}
        let test = try TestContainer()
        let files = Files(test.container)
        let path = try SandboxPath(parsing: "tmp")
        #expect(throws: Stop.self) { try files.withLock(on: path) { throw Stop() } }
        let other = try test.container.open(path, flags: [.directory], operation: "test")
        #expect(try other.lock(.exclusive, waiting: false) == true)
    }
}
