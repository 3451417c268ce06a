import FolioDatabase
import Testing

@Suite struct DatabaseExecuteTests {
    @Test func runsEveryStatementOfAScriptInOrder() throws {
        let db = try Database.inMemory()
        try db.execute(
            """
            CREATE TABLE t (x);   -- made first
            INSERT INTO t VALUES (1);
            /* then used */ INSERT INTO t SELECT x + 1 FROM t;
            """)
        #expect(try db.fetchValues(Int.self, "SELECT x FROM t ORDER BY x") == [1, 2])
    }

    @Test func aFailingStatementLeavesTheOnesBeforeItDone() throws {
        let db = try Database.inMemory()
        let error = try #require(throws: DatabaseError.self) {
            try db.execute("CREATE TABLE t (x); INSERT INTO t VALUES (1); INSERT INTO nowhere VALUES (2)")
        }
        #expect(error.message == "no such table: nowhere")
        #expect(error.sql == "INSERT INTO nowhere VALUES (2)")
        #expect(try db.fetchValue(Int.self, "SELECT count(*) FROM t") == 1)
    }

    @Test func statementsShareThePositionalValuesInOrder() throws {
        let db = try Database.inMemory()
        try db.execute("CREATE TABLE t (a, b)")
        try db.execute("INSERT INTO t VALUES (?, ?); INSERT INTO t VALUES (?, 0)", arguments: [1, 2, 3])
        #expect(try db.fetchValues(Int.self, "SELECT a FROM t ORDER BY a") == [1, 3])
        let unused = try #require(throws: DatabaseError.self) {
            try db.execute("DELETE FROM t WHERE a = ?", arguments: [1, 2])
        }
        #expect(unused.message == "2 values were given, but the SQL uses only 1")
    }

    @Test func theRowCallbackSeesEveryRowWithItsColumnNames() throws {
        let db = try Database.inMemory()
        try db.execute("CREATE TABLE t (n, name); INSERT INTO t VALUES (1, 'one'), (2, 'two'), (3, NULL)")
        var seen: [String] = []
        let completed = try db.execute("SELECT n, name FROM t ORDER BY n") { row in
            #expect(row.columnNames == ["n", "name"])
            seen.append("\(row[0]) \(row["name"] ?? .null)")
            return .continue
        }
        #expect(completed)
        #expect(seen == ["1 'one'", "2 'two'", "3 NULL"])
    }

    @Test func theRowCallbackCanStopEarly() throws {
        let db = try Database.inMemory()
        try db.execute("CREATE TABLE t (n); INSERT INTO t VALUES (1), (2), (3)")
        var seen: [Int] = []
        let completed = try db.execute("SELECT n FROM t ORDER BY n; INSERT INTO t VALUES (4)") { row in
            seen.append(try row.value(at: 0))
            return seen.count == 2 ? .stop : .continue
        }
        #expect(!completed)
        #expect(seen == [1, 2])
        // The statements after the stop did not run, and the connection is usable.
        #expect(try db.fetchValue(Int.self, "SELECT count(*) FROM t") == 3)
    }

    @Test func anErrorThrownFromTheCallbackStopsAndPropagates() throws {
        struct Enough: Error {}
        let db = try Database.inMemory()
        try db.execute("CREATE TABLE t (n); INSERT INTO t VALUES (1), (2)")
        #expect(throws: Enough.self) {
            try db.execute("SELECT n FROM t") { _ in throw Enough() }
        }
        try db.execute("DROP TABLE t")
    }

    @Test func forEachStatementHandsOverEachStatementBound() throws {
        let db = try Database.inMemory()
        var columns: [[String]] = []
        try db.forEachStatement(
            in: "CREATE TABLE t (x); INSERT INTO t VALUES (?); SELECT x AS value FROM t", arguments: [5]
        ) {
            statement in
            columns.append(statement.columnNames)
            try statement.execute()
        }
        #expect(columns == [[], [], ["value"]])
        #expect(try db.fetchValue(Int.self, "SELECT x FROM t") == 5)
    }
}
