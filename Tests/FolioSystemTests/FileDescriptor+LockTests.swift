import FolioTestSupport
import Foundation
import Testing

@testable import FolioSystem

@Suite struct FileDescriptorLockTests {
    @Test func anExclusiveLockKeepsOutASecondOpenOfTheSameFile() throws {
        let directory = TemporaryDirectory()
        let path = directory.appending("lock")
        let first = try FileDescriptor.open(absolute: path, flags: [.readWrite, .create])
        let second = try FileDescriptor.open(absolute: path, flags: .readWrite)
        #expect(try first.lock(.exclusive, waiting: false))
        #expect(try second.lock(.exclusive, waiting: false) == false)
        #expect(try second.lock(.shared, waiting: false) == false)
        try first.unlock()
        #expect(try second.lock(.exclusive, waiting: false))
    }

    @Test func sharedLocksCoexistAndKeepOutAnExclusiveOne() throws {
        let directory = TemporaryDirectory()
        let path = directory.appending("lock")
        let readers = try (0..<2).map { _ in try FileDescriptor.open(absolute: path, flags: [.readWrite, .create]) }
        let writer = try FileDescriptor.open(absolute: path, flags: .readWrite)
        for reader in readers {
            #expect(try reader.lock(.shared, waiting: false))
        }
        #expect(try writer.lock(.exclusive, waiting: false) == false)
    }

    @Test func closingTheDescriptorReleasesItsLock() throws {
        let directory = TemporaryDirectory()
        let path = directory.appending("lock")
        var first: FileDescriptor? = try FileDescriptor.open(absolute: path, flags: [.readWrite, .create])
        #expect(try first?.lock(.exclusive, waiting: false) == true)
        let second = try FileDescriptor.open(absolute: path, flags: .readWrite)
        #expect(try second.lock(.exclusive, waiting: false) == false)
        first = nil
        #expect(try Self.lockSoon(second))
    }

    /// Tries a non-blocking exclusive lock for up to five seconds.
    ///
    /// A child process another test spawns at this moment holds a copy of every descriptor
    /// (close-on-exec ones too) until its `exec`, and with it the open file and its lock; that copy
    /// goes away within milliseconds, a lock the close did not release never does.
    private static func lockSoon(_ descriptor: FileDescriptor) throws -> Bool {
        let deadline = ContinuousClock.now + .seconds(5)
        while ContinuousClock.now < deadline {
            if try descriptor.lock(.exclusive, waiting: false) {
                return true
            }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return false
    }
}
