import FolioDatabase
import FolioSandbox
import FolioTestSupport
import Foundation
import Testing

@Suite struct DatabasePoolTests {
    @Test func readersSeeTheLastCommitWhileAWriteIsInProgress() throws {
        let directory = TemporaryDirectory()
        let pool = try DatabasePool(path: directory.appending("pool.db"))
        try pool.write { db in try db.execute("CREATE TABLE t (x); INSERT INTO t VALUES (1)") }
        let readDone = DispatchSemaphore(value: 0)
        let seen = Seen()
        try pool.write { db in
            try db.execute("INSERT INTO t VALUES (2)")
            // A reader on another thread finishes while this write transaction is still open:
            // WAL readers wait for no one, and see the last committed state.
            Thread {
                do {
                    seen.set(try pool.read { db in try db.fetchValues(Int.self, "SELECT x FROM t ORDER BY x") })
                } catch {
                    Issue.record(error)
                }
                readDone.signal()
            }.start()
            #expect(readDone.wait(timeout: .now() + 30) == .success, "the reader waited for the writer")
        }
        #expect(seen.get() == [1])
        #expect(try pool.read { db in try db.fetchValues(Int.self, "SELECT x FROM t ORDER BY x") } == [1, 2])
    }

    @Test func concurrentReadersAlwaysSeeWholeTransactions() async throws {
        let directory = TemporaryDirectory()
        let pool = try DatabasePool(path: directory.appending("ledger.db"), maximumReaderCount: 3)
        try await pool.write { db in try db.execute("CREATE TABLE ledger (amount INTEGER NOT NULL)") }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                // Each transaction moves money: +n and -n, so every committed state sums to zero.
                for n in 1...150 {
                    try await pool.write { db in
                        try db.execute("INSERT INTO ledger VALUES (?)", n)
                        try db.execute("INSERT INTO ledger VALUES (?)", -n)
                    }
                }
            }
            for _ in 0..<4 {
                group.addTask {
                    for _ in 0..<60 {
                        let (sum, count) = try await pool.read { db in
                            (
                                try db.fetchValue(Int.self, "SELECT coalesce(sum(amount), 0) FROM ledger") ?? -1,
                                try db.fetchValue(Int.self, "SELECT count(*) FROM ledger") ?? -1
                            )
                        }
                        #expect(sum == 0)
                        #expect(count % 2 == 0)
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(try await pool.read { db in try db.rowCount(of: "ledger") } == 300)
    }

    @Test func aPoolNeedsAFile() {
        let error = #expect(throws: DatabaseError.self) { try DatabasePool(path: ":memory:") }
        #expect(error?.code == .misuse)
    }

    @Test func readersCannotWrite() throws {
        let directory = TemporaryDirectory()
        let pool = try DatabasePool(path: directory.appending("ro.db"))
        try pool.write { db in try db.execute("CREATE TABLE t (x)") }
        let error = try #require(throws: DatabaseError.self) {
            try pool.read { db in try db.execute("INSERT INTO t VALUES (1)") }
        }
        #expect(error.code == .readOnly)
    }

    @Test func aPoolInsideAContainerRegistersFunctionsOnEveryConnection() throws {
        let test = try TestContainer()
        var configuration = Configuration()
        configuration.prepareDatabase = { db in
            try db.createFunction("double", argumentCount: 1, isDeterministic: true) { arguments in
                try arguments.value(at: 0) as Int * 2
            }
        }
        let pool = try DatabasePool(
            SandboxPath(parsing: "Library/Database/pool.db"), in: test.container, configuration: configuration)
        try pool.write { db in try db.execute("CREATE TABLE t (x); INSERT INTO t VALUES (double(21))") }
        #expect(try pool.read { db in try db.fetchValue(Int.self, "SELECT double(x) FROM t") } == 84)
        try pool.close()
        let error = #expect(throws: DatabaseError.self) { try pool.read { _ in } }
        #expect(error?.code == .misuse)
    }

    /// A value one thread sets and another reads after a semaphore.
    final class Seen: @unchecked Sendable {
        // Safety: written before `readDone.signal()` and read after `wait()` returns.
        private var values: [Int] = []
        func set(_ values: [Int]) { self.values = values }
        func get() -> [Int] { values }
    }
}
