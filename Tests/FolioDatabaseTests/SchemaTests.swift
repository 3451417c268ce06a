import FolioDatabase
import Testing

@Suite struct SchemaTests {
    @Test func describesTablesAndViews() throws {
        let db = try Database.inMemory()
        try db.execute(
            """
            CREATE TABLE stocks (symbol VARCHAR(5) PRIMARY KEY, purchasePrice FLOAT(10,4) NOT NULL DEFAULT 0,
                                 unitsPurchased INTEGER, purchase_date VARCHAR(10));
            CREATE VIEW expensive AS SELECT symbol FROM stocks WHERE purchasePrice > 100;
            INSERT INTO stocks VALUES ('ALU', 14.23, 100, '03-17-2007');
            """)
        let tables = try db.tables()
        #expect(tables.map(\.name) == ["expensive", "stocks"])
        #expect(tables.map(\.kind) == [.view, .table])
        let stocks = try #require(tables.last)
        #expect(stocks.columns.map(\.declaredType) == ["VARCHAR(5)", "FLOAT(10,4)", "INTEGER", "VARCHAR(10)"])
        #expect(stocks.columns[0].primaryKeyPosition == 1)
        #expect(stocks.columns[1].isNotNull)
        #expect(stocks.columns[1].defaultValue == "0")
        #expect(stocks.sql.hasPrefix("CREATE TABLE stocks"))
        #expect(try db.rowCount(of: "stocks") == 1)
        #expect(try db.rowCount(of: "expensive") == 0)
        let error = #expect(throws: DatabaseError.self) { try db.rowCount(of: "nowhere") }
        #expect(error?.code == .error)
    }

    @Test func leavesOutSQLitesOwnTables() throws {
        let db = try Database.inMemory()
        try db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY AUTOINCREMENT); ANALYZE")
        #expect(try db.tables().map(\.name) == ["t"])
    }

    /// Whether a table has rowids comes from SQLite, not from the text of its statement: a comment
    /// or a string that says WITHOUT ROWID does not make a table lose them.
    @Test func knowsWhichTablesHaveRowIDs() throws {
        let db = try Database.inMemory()
        try db.execute(
            """
            CREATE TABLE plain (a TEXT /* not WITHOUT ROWID */, b TEXT DEFAULT 'WITHOUT ROWID');
            CREATE TABLE keyed (k TEXT PRIMARY KEY, v) without   rowid;
            CREATE VIEW seen AS SELECT * FROM plain;
            """)
        let tables = Dictionary(uniqueKeysWithValues: try db.tables().map { ($0.name, $0) })
        #expect(tables["plain"]?.hasRowID == true)
        #expect(tables["keyed"]?.hasRowID == false)
        #expect(tables["seen"]?.hasRowID == false)
    }
}
