import FolioFiles
import FolioSandbox
import FolioTestSupport
import Foundation
import Testing

@Suite struct DirectoryWatcherTests {
    /// Collects changes until `done` says enough, or gives up after 10 seconds.
    static func collect(
        _ watcher: DirectoryWatcher,
        until done: @escaping @Sendable ([DirectoryChange]) -> Bool
    ) async throws -> [DirectoryChange] {
        try await FolioTestSupport.collect(watcher, stop: watcher.stop) { done($0.flatMap { $0 }) }.flatMap { $0 }
    }

    @Test func reportsChangesOtherProgramsMake() async throws {
        let test = try TestContainer()
        let watcher = try Files(test.container).watch([.documents])
        let directory = test.absolute("Documents")
        try test.write("Documents/a.txt", "a")
        try FileManager.default.moveItem(atPath: directory + "/a.txt", toPath: directory + "/b.txt")
        try FileManager.default.removeItem(atPath: directory + "/b.txt")
        try test.write("Documents/kept.txt", "kept")
        let changes = try await Self.collect(watcher) { changes in
            changes.contains { $0.kind == .deleted }
                && changes.contains { $0.kind == .modified && $0.name == "kept.txt" }
        }
        // The kernel reports a write when the file's last descriptor closes, which can be later
        // than the writer's close when a child process was being started meanwhile (it holds a
        // copy until it execs); so the modification is checked apart from the order of the rest.
        let kinds = changes.filter { $0.kind != .modified }.map { "\($0.kind) \($0.name)" }
        #expect(
            kinds == [
                "created a.txt", "renamed(fromDirectory: Documents, fromName: \"a.txt\") b.txt", "deleted b.txt",
                "created kept.txt",
            ])
    }

    @Test func reportsMovesBetweenWatchedAndUnwatchedDirectories() async throws {
        let test = try TestContainer()
        let files = Files(test.container)
        try test.plant("tmp/x.txt", "x")
        let watcher = try files.watch([.documents])
        try files.move(try SandboxPath(parsing: "tmp/x.txt"), to: try SandboxPath(parsing: "Documents/x.txt"))
        try files.move(try SandboxPath(parsing: "Documents/x.txt"), to: try SandboxPath(parsing: "tmp/y.txt"))
        let changes = try await Self.collect(watcher) { $0.count >= 2 }
        #expect(changes.map(\.kind) == [.movedIn, .movedOut])
        #expect(changes.allSatisfy { $0.name == "x.txt" && $0.directory == .documents })
    }

    @Test func leavesOutFilesThatHaveNoNameYet() async throws {
        let test = try TestContainer()
        let files = Files(test.container)
        let watcher = try files.watch([.documents])
        // Folio writes into an unnamed file (O_TMPFILE), which the kernel reports as "#<inode>".
        try files.write("one", to: try SandboxPath(parsing: "Documents/a.txt"))
        try files.remove(try SandboxPath(parsing: "Documents/a.txt"))
        let changes = try await Self.collect(watcher) { $0.contains { $0.kind == .deleted && $0.name == "a.txt" } }
        #expect(!changes.contains { $0.name.hasPrefix("#") })
        #expect(changes.contains { $0.name == "a.txt" })
    }

    @Test func theIteratorKeepsWatchingWhenTheWatcherIsNotKept() async throws {
        let test = try TestContainer()
        var iterator = try Files(test.container).watch([.documents]).makeAsyncIterator()
        try test.plant("Documents/a.txt", "a")
        let changes = try await iterator.next()
        #expect(changes?.first?.name == "a.txt")
    }

    @Test func stoppingEndsTheIteration() async throws {
        let test = try TestContainer()
        let watcher = try Files(test.container).watch([.documents, .tmp])
        #expect(watcher.directories == [.documents, .tmp])
        watcher.stop()
        var batches = 0
        for try await _ in watcher { batches += 1 }
        #expect(batches == 0)
    }
}
