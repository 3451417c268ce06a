import FolioDatabase
import FolioTestSupport
import Foundation
import Testing

@Suite struct DatabaseQueueTests {
    @Test func threadsTakeTurnsOnOneConnection() throws {
        let directory = TemporaryDirectory()
        let queue = try DatabaseQueue(path: directory.appending("queue.db"))
        try queue.write { db in try db.execute("CREATE TABLE counter (n INTEGER); INSERT INTO counter VALUES (0)") }
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<50 {
                do {
                    try queue.write { db in
                        let n = try db.fetchValue(Int.self, "SELECT n FROM counter") ?? 0
                        try db.execute("UPDATE counter SET n = ?", n + 1)
                    }
                } catch {
                    Issue.record(error)
                }
            }
        }
        #expect(try queue.read { db in try db.fetchValue(Int.self, "SELECT n FROM counter") } == 400)
    }

    @Test func tasksUseItWithoutBlockingTheCooperativePool() async throws {
        let directory = TemporaryDirectory()
        let queue = try DatabaseQueue(path: directory.appending("tasks.db"))
        try await queue.write { db in try db.execute("CREATE TABLE t (x INTEGER)") }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<20 {
                group.addTask {
                    try await queue.write { db in try db.execute("INSERT INTO t VALUES (?)", index) }
                }
            }
            try await group.waitForAll()
        }
        let sum = try await queue.read { db in try db.fetchValue(Int.self, "SELECT sum(x) FROM t") }
        #expect(sum == 190)
    }

    @Test func aReadChangesNothing() throws {
        let queue = try DatabaseQueue(path: ":memory:")
        try queue.write { db in try db.execute("CREATE TABLE t (x); INSERT INTO t VALUES (1)") }
        try queue.read { db in try db.execute("DELETE FROM t") }
        #expect(try queue.read { db in try db.rowCount(of: "t") } == 1)
    }

    @Test func aFailedWriteRollsBack() throws {
        let queue = try DatabaseQueue(path: ":memory:")
        try queue.write { db in try db.execute("CREATE TABLE t (x UNIQUE); INSERT INTO t VALUES (1)") }
        let error = #expect(throws: DatabaseError.self) {
            try queue.write { db in
                try db.execute("INSERT INTO t VALUES (2)")
                try db.execute("INSERT INTO t VALUES (1)")
            }
        }
        #expect(error?.code == .constraint)
        #expect(try queue.inDatabase { db in try db.fetchValues(Int.self, "SELECT x FROM t") } == [1])
    }

    @Test func usingTheQueueInsideItsOwnClosureStopsTheProgram() async {
        await #expect(processExitsWith: .failure) {
            let queue = try DatabaseQueue(path: ":memory:")
            try queue.write { _ in try queue.read { _ in } }
        }
    }
}
