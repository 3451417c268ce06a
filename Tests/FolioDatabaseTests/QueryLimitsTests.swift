import FolioDatabase
import Foundation
import Synchronization
import Testing

/// Queries run for someone else stop at their time limit, when cancelled, at their row limit,
/// and before a value or a result grows too large.
@Suite struct QueryLimitsTests {
    static let endless = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x FROM c WHERE x < 0"

    @Test func anEndlessQueryStopsAtTheTimeLimit() throws {
        let db = try Database.inMemory()
        let start = ContinuousClock.now
        let error = try #require(throws: DatabaseError.self) {
            try db.query(QueryLimitsTests.endless, limits: QueryLimits(timeLimit: .milliseconds(200)))
        }
        let elapsed = ContinuousClock.now - start
        #expect(error.code == .interrupted)
        #expect(error.message == "the query ran longer than its time limit of 0.2 s")
        #expect(elapsed >= .milliseconds(200) && elapsed < .seconds(3), "\(elapsed)")
        // The limit ends with the query: the connection runs on without it.
        #expect(
            try db.fetchValue(
                Int.self,
                "SELECT count(*) FROM (WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 100000) SELECT x FROM c)"
            ) == 100_000)
    }

    @Test func aCancelledQueryStops() throws {
        let db = try Database.inMemory()
        let asked = Atomic(0)
        // Cancelled once it has been running for a while: after the 20th check.
        let limits = QueryLimits(
            timeLimit: .seconds(60), isCancelled: { asked.add(1, ordering: .relaxed).newValue > 20 })
        let error = try #require(throws: DatabaseError.self) { try db.query(QueryLimitsTests.endless, limits: limits) }
        #expect(error.code == .interrupted)
        #expect(error.message == "the query was cancelled")
        #expect(asked.load(ordering: .relaxed) > 20)
    }

    @Test func everyStatementOfABlockIsLimitedAndStatementsStopBetweenToo() throws {
        let db = try Database.inMemory()
        try db.execute("CREATE TABLE t (x)")
        let cancelled = Atomic(false)
        let limits = QueryLimits(timeLimit: nil, isCancelled: { cancelled.load(ordering: .relaxed) })
        var run = 0
        let error = try #require(throws: DatabaseError.self) {
            try db.withLimits(limits) { db in
                // Each statement is far too short for the progress handler; the check between
                // statements stops the script anyway.
                try db.forEachStatement(
                    in: "INSERT INTO t VALUES (1); INSERT INTO t VALUES (2); INSERT INTO t VALUES (3)"
                ) {
                    statement in
                    run += 1
                    try statement.execute()
                    cancelled.store(true, ordering: .relaxed)
                }
            }
        }
        #expect(error.code == .interrupted)
        #expect(run == 1)
        #expect(try db.fetchValue(Int.self, "SELECT count(*) FROM t") == 1)
    }

    @Test func steppingStopsAtTheRowLimit() throws {
        let db = try Database.inMemory()
        let produced = Atomic(0)
        try db.createFunction("produce", argumentCount: 1) { arguments -> Int in
            produced.add(1, ordering: .relaxed)
            return try arguments.value(at: 0) as Int
        }
        // Endless without the limit: the query never ends on its own.
        let result = try db.query(
            "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT produce(x) AS n FROM c",
            limits: QueryLimits(timeLimit: .seconds(30), rowLimit: 1000))
        #expect(result.rows.count == 1000)
        #expect(result.rows.last == [.integer(1000)])
        #expect(result.isTruncated)
        #expect(result.columns == ["n"])
        #expect(produced.load(ordering: .relaxed) <= 1001)
        let all = try db.query("VALUES (1), (2)", limits: QueryLimits(rowLimit: 2))
        #expect(!all.isTruncated)
        #expect(all.rows == [[.integer(1)], [.integer(2)]])
    }

    /// `hex(zeroblob(200000000))` would make a 400 MB string inside SQLite: the value limit
    /// refuses it before it is allocated.
    @Test func aHugeValueIsRefusedBeforeItIsMade() throws {
        let db = try Database.inMemory()
        let start = ContinuousClock.now
        for sql in ["SELECT hex(zeroblob(200000000))", "SELECT zeroblob(200000000)", "SELECT randomblob(200000000)"] {
            let error = try #require(throws: DatabaseError.self) { try db.query(sql, limits: QueryLimits()) }
            #expect(error.code == .tooBig)
            #expect(error.message == "string or blob too big: a string or BLOB may hold at most 32 MiB here")
        }
        #expect(ContinuousClock.now - start < .seconds(2))
        // The limit was for the query only.
        #expect(try db.fetchValue(Int.self, "SELECT length(zeroblob(200000000))") == 200_000_000)
    }

    @Test func aResultOverTheSizeLimitIsRefused() throws {
        let db = try Database.inMemory()
        let sql =
            "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 100) SELECT randomblob(1000000) FROM c"
        let error = try #require(throws: DatabaseError.self) { try db.query(sql, limits: QueryLimits()) }
        #expect(error.code == .tooBig)
        #expect(error.message == "the result is larger than 32 MiB; ask for fewer rows or columns")
        let small = try #require(throws: DatabaseError.self) {
            try db.query("SELECT 'twelve bytes'", limits: QueryLimits(valueSizeLimit: nil, resultSizeLimit: 10))
        }
        #expect(small.message == "the result is larger than 10 bytes; ask for fewer rows or columns")
    }

    @Test func aStoredValueOverTheLimitIsRefusedToo() throws {
        let db = try Database.inMemory()
        try db.execute("CREATE TABLE t (b BLOB); INSERT INTO t VALUES (zeroblob(2000))")
        let error = try #require(throws: DatabaseError.self) {
            try db.query("SELECT b FROM t", limits: QueryLimits(valueSizeLimit: 1000))
        }
        #expect(error.code == .tooBig)
    }

    @Test func limitsNest() throws {
        let db = try Database.inMemory()
        let error = try #require(throws: DatabaseError.self) {
            try db.withLimits(QueryLimits(timeLimit: .milliseconds(100))) { db in
                try db.withLimits(QueryLimits(timeLimit: nil)) { db in
                    try db.execute(QueryLimitsTests.endless)
                }
            }
        }
        #expect(error.code == .interrupted)
    }

    @Test func theQueryMustOnlyRead() throws {
        let db = try Database.inMemory()
        try db.execute("CREATE TABLE t (x)")
        let error = try #require(throws: DatabaseError.self) {
            try db.query("INSERT INTO t VALUES (1)", limits: QueryLimits())
        }
        #expect(error.code == .readOnly)
        #expect(try db.fetchValue(Int.self, "SELECT count(*) FROM t") == 0)
    }
}
