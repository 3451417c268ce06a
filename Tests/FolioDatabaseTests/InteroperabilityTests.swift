import FolioDatabase
import FolioTestSupport
import Foundation
import Testing

/// Databases written by Folio read correctly in the `sqlite3` shell, and the other way round.
@Suite struct InteroperabilityTests {
    @Test func theShellReadsWhatFolioWrote() throws {
        let directory = TemporaryDirectory()
        let path = directory.appending("folio.db")
        let db = try Database(path: path)
        try db.execute(
            "CREATE TABLE stocks (symbol TEXT, purchasePrice REAL, unitsPurchased INTEGER, note TEXT, logo BLOB)")
        do {
            let insert = try db.prepare("INSERT INTO stocks VALUES (?, ?, ?, ?, ?)")
            try insert.bind("ALU", 14.23, 100, "She said: 'Hey Ya'all'", Data([0xCA, 0xFE]))
            try insert.execute()
            try insert.bind("日本", -0.5, Int64.min, String?.none, Data?.none)
            try insert.execute()
        }
        try db.close()

        let output = try SQLiteShell.run(
            path,
            "SELECT symbol, purchasePrice, unitsPurchased, quote(note), hex(logo), typeof(logo) FROM stocks ORDER BY rowid;",
            options: ["-separator", "|"])
        #expect(
            output == """
                ALU|14.23|100|'She said: ''Hey Ya''all'''|CAFE|blob
                日本|-0.5|-9223372036854775808|NULL||null

                """)
        #expect(try SQLiteShell.run(path, "PRAGMA integrity_check;") == "ok\n")
    }

    @Test func folioReadsWhatTheShellWrote() throws {
        let directory = TemporaryDirectory()
        let path = directory.appending("shell.db")
        _ = try SQLiteShell.run(
            path,
            """
            CREATE TABLE stocks (symbol VARCHAR(5), purchasePrice FLOAT(10,4), unitsPurchased INTEGER,
                                 purchase_date VARCHAR(10), chart BLOB);
            INSERT INTO stocks VALUES ('GOOG', 600.77, 20, '01-09-2007', X'89504E47');
            INSERT INTO stocks VALUES ('NT', 20.23, '140', NULL, NULL);
            CREATE INDEX stocks_symbol ON stocks (symbol);
            """)
        let db = try Database(path: path, mode: .readWrite)
        struct Stock: Decodable, Equatable {
            var symbol: String
            var purchasePrice: Double
            var unitsPurchased: Int
            var purchaseDate: String?
            var chart: Data?
            enum CodingKeys: String, CodingKey {
                case symbol, purchasePrice, unitsPurchased, chart
                case purchaseDate = "purchase_date"
            }
        }
        let stocks = try db.fetchAll(Stock.self, "SELECT * FROM stocks ORDER BY symbol")
        #expect(
            stocks == [
                Stock(
                    symbol: "GOOG", purchasePrice: 600.77, unitsPurchased: 20, purchaseDate: "01-09-2007",
                    chart: Data([0x89, 0x50, 0x4E, 0x47])),
                Stock(symbol: "NT", purchasePrice: 20.23, unitsPurchased: 140, purchaseDate: nil, chart: nil),
            ])
        #expect(try db.tables().map(\.name) == ["stocks"])
        try db.execute("INSERT INTO stocks (symbol) VALUES ('MSFT')")
        try db.close()
        #expect(try SQLiteShell.run(path, "SELECT count(*) FROM stocks;") == "3\n")
    }

    @Test func theShellAndFolioShareAWALDatabaseAtTheSameTime() throws {
        let directory = TemporaryDirectory()
        let path = directory.appending("shared.db")
        let db = try Database(path: path)
        try db.execute("CREATE TABLE t (x); INSERT INTO t VALUES (1)")
        // Folio keeps its connection open while the shell writes through its own.
        _ = try SQLiteShell.run(path, ".timeout 5000\nINSERT INTO t VALUES (2);")
        #expect(try db.fetchValues(Int.self, "SELECT x FROM t ORDER BY x") == [1, 2])
        #expect(try SQLiteShell.run(path, "PRAGMA journal_mode;") == "wal\n")
    }
}
