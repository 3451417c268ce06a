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
        try Data("a".utf8).write(to: URL(fileURLWithPath: directory + "/a.txt"))
        try FileManager.default.moveItem(atPath: directory + "/a.txt", toPath: directory + "/b.txt")
        try FileManager.default.removeItem(atPath: directory + "/b.txt")
        let changes = try await Self.collect(watcher) { $0.contains { $0.kind == .deleted } }
        let kinds = changes.map { "\($0.kind) \($0.name)" }
        #expect(kinds.contains("created a.txt"))
        #expect(kinds.contains("modified a.txt"))
        #expect(
            changes.contains { $0.name == "b.txt" && $0.kind == .renamed(fromDirectory: .documents, fromName: "a.txt") }
        )
        #expect(kinds.last == "deleted b.txt")
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
