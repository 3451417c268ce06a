import FolioDatabase
import FolioSandbox
import FolioTestSupport
import Foundation
import Testing

@Suite struct ConfigurationTests {
    @Test func aWriterGivesUpWithBusyWhenTheTimeoutPasses() throws {
        let directory = TemporaryDirectory()
        let path = directory.appending("busy.db")
        let holder = try Database(path: path)
        try holder.execute("CREATE TABLE t (x)")
        var impatient = Configuration()
        impatient.busyTimeout = .milliseconds(50)
        let other = try Database(path: path, configuration: impatient)
        try holder.beginTransaction(.immediate)
        let clock = ContinuousClock()
        let start = clock.now
        let error = try #require(throws: DatabaseError.self) { try other.execute("INSERT INTO t VALUES (1)") }
        #expect(error.code == .busy)
        #expect(clock.now - start >= .milliseconds(40))
        try holder.rollback()
        try other.execute("INSERT INTO t VALUES (1)")
    }

    /// Two processes write one file: the second waits (through its busy timeout) for the first to
    /// commit instead of failing, then sees the first one's row.
    @Test func twoProcessesTakeTurnsThroughTheBusyTimeout() throws {
        let test = try TestContainer()
        let path = try SandboxPath(parsing: "Library/Database/shared.db")
        let db = try Database(path, in: test.container)
        try db.execute("CREATE TABLE t (who TEXT, seen INTEGER)")
        try db.beginTransaction(.immediate)
        try db.execute("INSERT INTO t VALUES ('parent', 0)")

        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "FOLIO_HOME")
        let directory = TemporaryDirectory()
        let errorPath = directory.appending("stderr")
        let errorFD = open(errorPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        defer { close(errorFD) }
        let child = try Subprocess(
            FolioBinary.path,
            [
                "--home", test.container.root, "db", "exec", path.description,
                "INSERT INTO t SELECT 'child', count(*) FROM t",
            ],
            environment: environment, standardError: errorFD)

        // The child is waiting for the lock once one of its threads sleeps in SQLite's busy handler.
        let waited = waitUntil(seconds: 30) { Self.isSleeping(child.pid) || !child.isRunning }
        #expect(waited)
        #expect(child.isRunning, "the child gave up instead of waiting for the lock")
        try db.commit()
        let status = child.wait()
        let message = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
        #expect(status == 0, "\(message)")
        let rows = try db.fetchAll([DatabaseValue].self, "SELECT who, seen FROM t ORDER BY rowid")
        #expect(rows == [[.text("parent"), .integer(0)], [.text("child"), .integer(1)]])
    }

    /// Polls `condition` until it holds or the time is up.
    private func waitUntil(seconds: Double, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() {
                return true
            }
            usleep(2000)
        }
        return condition()
    }

    /// Whether a thread of process `pid` is in `nanosleep` or `clock_nanosleep` (x86-64 and arm64
    /// numbers), which is where SQLite's busy handler waits.
    private static func isSleeping(_ pid: Int32) -> Bool {
        let sleepCalls: Set<String> = ["35", "230", "101", "115"]
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.contains { task in
            guard let text = try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/syscall", encoding: .utf8),
                let number = text.split(separator: " ").first
            else { return false }
            return sleepCalls.contains(String(number))
        }
    }
}
