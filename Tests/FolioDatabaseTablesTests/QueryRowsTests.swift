import FolioDatabase
import FolioDatabaseTables
import FolioTables
import Foundation
import Testing

@Suite struct QueryRowsTests {
    func stocks() throws -> Database {
        let db = try Database.inMemory()
        try db.execute(
            """
            CREATE TABLE stocks (symbol TEXT, purchasePrice REAL, unitsPurchased INTEGER, chart BLOB);
            INSERT INTO stocks VALUES ('ALU', 14.23, 100, NULL), ('GOOG', 600.77, 20, x'00010203'),
                ('MSFT', 30.23, 5, NULL), ('NT', 20.23, 140, NULL);
            """)
        return db
    }

    @Test func theSeedsStocksAsATableWithBoundValues() throws {
        let rows = try QueryRows(
            try stocks(),
            sql: "SELECT symbol, purchasePrice, chart FROM stocks WHERE purchasePrice > ? ORDER BY symbol;",
            arguments: [20.0])
        #expect(rows.columns == ["symbol", "purchasePrice", "chart"])
        #expect(try rows.rowCount() == 3)
        #expect(try rows.row(at: 0) == ["GOOG", "600.77", "<BLOB 4 B>"])
        #expect(try rows.row(at: 2) == ["NT", "20.23", ""])
        let error = #expect(throws: TableError.self) { try rows.row(at: 3) }
        #expect(error?.code == .noSuchRow)
        let table = TableView(
            dataSource: try RowsDataSource(source: rows, mapping: ColumnMapping(columns: rows.columns, style: .value1)))
        var text = ""
        try TerminalRenderer(width: 30, height: 10).render(table) { text += $0 }
        #expect(text.contains("GOOG"))
        #expect(text.contains("600.77"))
    }

    @Test func countsAndReachesEveryOneOfAMillionRows() throws {
        let db = try Database.inMemory()
        try db.execute(
            """
            CREATE TABLE n (i INTEGER PRIMARY KEY, label TEXT);
            WITH RECURSIVE c(x) AS (SELECT 0 UNION ALL SELECT x + 1 FROM c WHERE x < 999999)
            INSERT INTO n SELECT x, 'row ' || x FROM c;
            """)
        let rows = try QueryRows(db, sql: "SELECT label, i FROM n ORDER BY i")
        #expect(try rows.rowCount(upTo: 50) == 50)
        #expect(try rows.rowCount() == 1_000_000)
        #expect(try rows.row(at: 999_999) == ["row 999999", "999999"])
        #expect(try rows.row(at: 0) == ["row 0", "0"])
        let table = TableView(dataSource: try RowsDataSource(source: rows, mapping: ColumnMapping(text: 0, detail: 1)))
        let renderer = TerminalRenderer(width: 40, height: 10)
        let screen = try renderer.screen(of: table)
        #expect(screen.lines.contains { $0.contains("row 0") })
    }

    @Test func onlyOneQueryThatReads() throws {
        let db = try stocks()
        let error = #expect(throws: DatabaseError.self) { try QueryRows(db, sql: "DELETE FROM stocks") }
        #expect(error?.code == .readOnly)
        let error2 = #expect(throws: DatabaseError.self) { try QueryRows(db, sql: "SELECT 1; SELECT 2") }
        #expect(error2?.code == .misuse)
        let error3 = #expect(throws: DatabaseError.self) { try QueryRows(db, sql: "SELECT nope FROM stocks") }
        #expect(error3?.code == .error)
        let error4 = #expect(throws: DatabaseError.self) { try QueryRows(db, sql: "SELECT ?", arguments: [1, 2]) }
        #expect(error4?.code == .outOfRange)
        #expect(try db.fetchOne(Int.self, "SELECT count(*) FROM stocks") == 4)
    }
}
