import FolioDatabase
import Foundation
import Testing

/// Sorting pages by a column, and exporting every row as CSV or JSON as it is read.
@Suite struct DatabaseExportTests {
    private func people() throws -> Database {
        let db = try Database.inMemory()
        try db.execute(#"CREATE TABLE "odd ""name""" (name TEXT, "we""ird]col" INTEGER, note TEXT, picture BLOB)"#)
        try db.execute(#"INSERT INTO "odd ""name""" VALUES ('Homer', 39, NULL, NULL)"#)
        try db.execute(#"INSERT INTO "odd ""name""" VALUES ('Marge', 36, 'NULL', x'89504E47')"#)
        try db.execute(#"INSERT INTO "odd ""name""" VALUES ('Bart, "El Barto"', 10, '', NULL)"#)
        try db.execute(#"INSERT INTO "odd ""name""" VALUES ('Lisa', 36, 'two' || char(13, 10) || 'lines', NULL)"#)
        return db
    }

    private func export(_ db: Database, _ source: RowPageRequest.Source, order: RowOrder? = nil, _ format: ExportFormat)
        throws -> String
    {
        var bytes: [UInt8] = []
        try db.export(source, order: order, format: format) { bytes += $0 }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func pagesAreSortedByAColumnWithTiesInRowIDOrder() throws {
        let db = try people()
        let table = RowPageRequest.Source.table(#"odd "name""#)
        let ascending = try db.page(RowPageRequest(table, limit: 10, order: RowOrder(#"we"ird]col"#)))
        #expect(ascending.rowIDs == [3, 2, 4, 1])
        let descending = try db.page(
            RowPageRequest(table, offset: 1, limit: 2, order: RowOrder("name", isDescending: true)))
        #expect(descending.rows.map(\.first) == [.stored(.text("Lisa")), .stored(.text("Homer"))])
        #expect(descending.total == 4)
        let query = try db.page(
            RowPageRequest(
                .query("SELECT name AS who FROM \"odd \"\"name\"\"\" WHERE rowid > ?", [1]), limit: 10,
                order: RowOrder("who")))
        #expect(
            query.rows.map(\.first) == [
                .stored(.text("Bart, \"El Barto\"")), .stored(.text("Lisa")), .stored(.text("Marge")),
            ])
    }

    /// A sort column is a name among the rows' columns, never SQL: whatever it holds is refused.
    @Test(arguments: ["nope", "name; DROP TABLE x", "1", "(SELECT 1)", "name DESC", "rowid", "\"name\"", ""])
    func aSortColumnThatIsNotAColumnIsRefused(column: String) throws {
        let db = try people()
        let error = try #require(throws: DatabaseError.self) {
            try db.page(RowPageRequest(.table(#"odd "name""#), limit: 10, order: RowOrder(column)))
        }
        #expect(error.code == .error)
        #expect(error.message.hasPrefix("there is no column named"))
        #expect(try db.page(RowPageRequest(.table(#"odd "name""#), limit: 10)).total == 4)
    }

    @Test func csvKeepsNullAndTheEmptyTextApart() throws {
        let csv = try export(try people(), .table(#"odd "name""#), .csv)
        #expect(
            csv == "name,\"we\"\"ird]col\",note,picture\r\nHomer,39,,\r\nMarge,36,NULL,iVBORw==\r\n"
                + "\"Bart, \"\"El Barto\"\"\",10,\"\",\r\nLisa,36,\"two\r\nlines\",\r\n")
    }

    @Test func jsonHasAnObjectPerRowWithTypedValues() throws {
        let json = try export(try people(), .table(#"odd "name""#), order: RowOrder("name"), .json)
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        #expect(rows.map { $0["name"] as? String } == ["Bart, \"El Barto\"", "Homer", "Lisa", "Marge"])
        #expect(rows[1]["note"] is NSNull)
        #expect(rows[3]["note"] as? String == "NULL")
        #expect(rows[0]["note"] as? String == "")
        #expect(rows[0]["we\"ird]col"] as? Int == 10)
        #expect((rows[3]["picture"] as? [String: String])?["base64"] == "iVBORw==")
        #expect(try export(try Database.inMemory(), .query("SELECT 1 WHERE 0"), .json) == "[]\n")
    }

    /// 300,000 rows go out in pieces of 64 KiB as they are read, never held.
    @Test func manyRowsAreWrittenInBoundedPieces() throws {
        let db = try Database.inMemory()
        var pieces = 0
        var largest = 0
        var total = 0
        let count = try db.export(
            .query("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 300000) SELECT x FROM c"),
            format: .csv, limits: QueryLimits(timeLimit: nil, valueSizeLimit: nil)
        ) { bytes in
            pieces += 1
            largest = max(largest, bytes.count)
            total += bytes.count
        }
        #expect(count == 300_000)
        #expect(pieces > 20)
        #expect(largest < 70_000)
        #expect(total == "x\r\n".utf8.count + (1...300_000).reduce(0) { $0 + String($1).utf8.count + 2 })
    }

    @Test func anExportIsReadOnlyAsTheQueryBoxIs() throws {
        let db = try people()
        let error = try #require(throws: DatabaseError.self) {
            try export(db, .query(#"DELETE FROM "odd ""name""""#), .csv)
        }
        #expect(error.code == .readOnly)
        #expect(try db.page(RowPageRequest(.table(#"odd "name""#), limit: 1)).total == 4)
    }

    @Test(arguments: [
        ("SELEC 1", "The SQL has a mistake near “SELEC”."),
        ("SELECT * FROM nope", "There is no table named “nope”."),
        ("SELECT nope FROM t", "There is no column named “nope”."),
        ("DELETE FROM t", "The query box is read-only: this statement would change the database."),
        ("SELECT (", "The SQL ends too soon (a statement is not finished)."),
    ])
    func sqliteErrorsReadAsSentences(sql: String, sentence: String) throws {
        let db = try Database.inMemory()
        try db.execute("CREATE TABLE t (a TEXT)")
        let error = try #require(throws: DatabaseError.self) { try db.prepareReadOnlyQuery(sql) }
        #expect(error.sentence == sentence, "\(error)")
    }

    @Test func constraintFailuresReadAsSentences() throws {
        let db = try Database.inMemory()
        try db.execute("CREATE TABLE stocks (symbol TEXT NOT NULL UNIQUE)")
        try db.execute("INSERT INTO stocks VALUES ('GOOG')")
        let unique = try #require(throws: DatabaseError.self) { try db.execute("INSERT INTO stocks VALUES ('GOOG')") }
        #expect(unique.sentence == "Another row already has this value in stocks.symbol, which must be unique.")
        let null = try #require(throws: DatabaseError.self) { try db.execute("INSERT INTO stocks VALUES (NULL)") }
        #expect(null.sentence == "A value is needed in stocks.symbol: it cannot be NULL.")
    }
}
