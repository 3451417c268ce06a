import FolioFiles
import FolioSandbox
import FolioTestSupport
import Foundation
import Glibc
import Testing

@Suite struct DirectoryChangeQueueTests {
    @Test func reportsEveryChangeMadeBeforeItIsAskedAndNothingTwice() throws {
        let test = try TestContainer()
        let queue = try Files(test.container).changeQueue([.documents])
        #expect(try queue.pendingChanges().isEmpty)
        let directory = test.absolute("Documents")
        try test.write("Documents/a.txt", "a")
        #expect(Glibc.rename(directory + "/a.txt", directory + "/b.txt") == 0)
        #expect(unlink(directory + "/b.txt") == 0)
        let changes = try queue.pendingChanges()
        #expect(changes.contains { $0.kind == .created && $0.name == "a.txt" })
        #expect(
            changes.contains { $0.kind == .renamed(fromDirectory: .documents, fromName: "a.txt") && $0.name == "b.txt" }
        )
        #expect(changes.last == DirectoryChange(directory: .documents, name: "b.txt", kind: .deleted))
        #expect(try queue.pendingChanges().isEmpty)
    }

    @Test func reportsAWriteBeforeTheFileIsClosed() throws {
        let test = try TestContainer()
        try test.write("Documents/open.txt", "x")
        let queue = try Files(test.container).changeQueue([.documents])
        let descriptor = open(test.absolute("Documents/open.txt"), O_WRONLY | O_APPEND)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        #expect(write(descriptor, "more", 4) == 4)
        #expect(
            try queue.pendingChanges() == [DirectoryChange(directory: .documents, name: "open.txt", kind: .modified)])
    }
}
