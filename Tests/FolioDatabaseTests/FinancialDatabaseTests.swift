import FolioDatabase
import FolioTestSupport
import Foundation
import Testing

/// The "Working with Databases" example, listing by listing, on `financial.db`.
@Suite struct FinancialDatabaseTests {
    static let purchases: [(String, Double, Int, String)] = [
        ("ALU", 14.23, 100, "03-17-2007"),
        ("GOOG", 600.77, 20, "01-09-2007"),
        ("NT", 20.23, 140, "02-05-2007"),
        ("MSFT", 30.23, 5, "01-03-2007"),
    ]

    /// Listings 11.1 and 11.2: open (creating) financial.db, drop and create `stocks`, insert.
    private func createFinancialDatabase(in directory: TemporaryDirectory) throws -> Database {
        let db = try Database(path: directory.appending("financial.db"))
        try db.execute("DROP TABLE IF EXISTS stocks")
        try db.execute(
            """
            CREATE TABLE stocks (symbol VARCHAR(5), purchasePrice FLOAT(10,4),
                                 unitsPurchased INTEGER, purchase_date VARCHAR(10))
            """)
        for (symbol, price, units, date) in FinancialDatabaseTests.purchases {
            try insertStockPurchase(db, symbol, price, units, date)
        }
        return db
    }

    /// Listing 11.2's `insertStockPurchase`, with bound values instead of `sqlite3_mprintf`.
    private func insertStockPurchase(_ db: Database, _ symbol: String, _ price: Double, _ units: Int, _ date: String)
        throws
    {
        try db.execute("INSERT INTO stocks VALUES (?, ?, ?, ?)", symbol, price, units, date)
    }

    @Test func listing1CreatesTheStocksTableAndInsertsFourPurchases() throws {
        let directory = TemporaryDirectory()
        let db = try createFinancialDatabase(in: directory)
        #expect(try db.rowCount(of: "stocks") == 4)
        // Running the program again starts from a fresh table (DROP TABLE IF EXISTS).
        try db.close()
        #expect(try createFinancialDatabase(in: directory).rowCount(of: "stocks") == 4)
    }

    @Test func listing2TheSeedsPercentQInsertKeepsQuotesIntact() throws {
        let directory = TemporaryDirectory()
        let db = try createFinancialDatabase(in: directory)
        let symbol = "She said: 'Hey Ya'all whats up?'"
        try db.execute("INSERT INTO stocks VALUES ('\(SQL.escape(symbol))', 1.5, 1, \(SQL.quote(nil)))")
        #expect(try db.fetchValue(String.self, "SELECT symbol FROM stocks WHERE purchase_date IS NULL") == symbol)
    }

    @Test func listing3SelectsEveryRowThroughAPerRowCallback() throws {
        let directory = TemporaryDirectory()
        let db = try createFinancialDatabase(in: directory)
        // processRow: column count, values as text, column names.
        var printed: [String] = []
        try db.execute("SELECT * FROM stocks") { row in
            let fields = (0..<row.count).map { index in "\(row.columnNames[index]) = \(row[index])" }
            printed.append(fields.joined(separator: ", "))
            return .continue
        }
        #expect(
            printed == [
                "symbol = 'ALU', purchasePrice = 14.23, unitsPurchased = 100, purchase_date = '03-17-2007'",
                "symbol = 'GOOG', purchasePrice = 600.77, unitsPurchased = 20, purchase_date = '01-09-2007'",
                "symbol = 'NT', purchasePrice = 20.23, unitsPurchased = 140, purchase_date = '02-05-2007'",
                "symbol = 'MSFT', purchasePrice = 30.23, unitsPurchased = 5, purchase_date = '01-03-2007'",
            ])
    }

    @Test func listing4APreparedStatementSelectsWithABoundValue() throws {
        let directory = TemporaryDirectory()
        let db = try createFinancialDatabase(in: directory)
        let statement = try db.prepare(
            "SELECT symbol, unitsPurchased FROM stocks WHERE purchasePrice >= ? ORDER BY purchasePrice")
        try statement.bind(20.0)
        var rows: [String] = []
        var cursor = statement.rows()
        while let row = try cursor.next() {
            rows.append("\(try row.value(at: 0) as String) \(try row.value(at: 1) as Int)")
        }
        #expect(rows == ["NT 140", "MSFT 5", "GOOG 20"])
        try statement.bind(100.0)
        #expect(try statement.fetchValues(String.self) == ["GOOG"])
    }

    @Test func listing5AUserDefinedFunctionComputesInSQL() throws {
        let directory = TemporaryDirectory()
        let db = try createFinancialDatabase(in: directory)
        try db.createFunction("purchaseValue", argumentCount: 2, isDeterministic: true) { arguments in
            try arguments.value(at: 0) as Double * Double(try arguments.value(at: 1) as Int)
        }
        let values = try db.fetchAll(
            [DatabaseValue].self,
            "SELECT symbol, purchaseValue(purchasePrice, unitsPurchased) FROM stocks ORDER BY 2 DESC")
        #expect(values.first == [.text("GOOG"), .real(600.77 * 20)])
        let total = try #require(
            try db.fetchValue(Double.self, "SELECT sum(purchaseValue(purchasePrice, unitsPurchased)) FROM stocks"))
        #expect(abs(total - (1423 + 12015.4 + 2832.2 + 151.15)) < 0.000_1)
    }

    @Test func listing6StoresAnImageAsABlobAndReadsItBack() throws {
        let directory = TemporaryDirectory()
        let db = try createFinancialDatabase(in: directory)
        try db.execute("CREATE TABLE images (symbol VARCHAR(5) PRIMARY KEY, logo BLOB)")
        let png = Self.onePixelPNG + Data((0..<200_000).map { UInt8(truncatingIfNeeded: $0 * 7) })
        try db.execute("INSERT INTO images VALUES (?, ?)", "ALU", png)
        #expect(try db.fetchValue(Data.self, "SELECT logo FROM images WHERE symbol = ?", "ALU") == png)
        let blob = try db.openBlob(table: "images", column: "logo", row: db.lastInsertedRowID)
        #expect(blob.count == png.count)
        #expect(try blob.read(count: 8, at: 0) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        #expect(try blob.read(count: png.count, at: 0) == png)
    }

    /// A complete 1×1 PNG image.
    static let onePixelPNG = Data(
        [
            0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
            0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1F, 0x15, 0xC4,
            0x89, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0xF8, 0xCF, 0xC0, 0xF0,
            0x1F, 0x00, 0x05, 0x00, 0x01, 0xFF, 0x89, 0x99, 0x3D, 0x1D, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45,
            0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
        ])
}
