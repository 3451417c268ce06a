import FolioDatabase
import Foundation
import Testing

@Suite struct RowDecoderTests {
    struct Stock: Decodable, Equatable {
        var symbol: String
        var purchasePrice: Double
        var unitsPurchased: Int
        var purchaseDate: String?
        enum CodingKeys: String, CodingKey {
            case symbol, purchasePrice, unitsPurchased
            case purchaseDate = "purchase_date"
        }
    }

    enum Exchange: String, Codable, DatabaseValueConvertible {
        case nyse, nasdaq
    }

    struct Listing: Decodable, Equatable {
        enum Board: String, Decodable { case main, growth }
        struct Details: Codable, Equatable { var sector: String }
        var symbol: String
        var exchange: Exchange
        var board: Board
        var details: Details
        var listed: Date
        var logo: Data?
        var shares: UInt32
        var active: Bool
    }

    private func sample() throws -> Database {
        let db = try Database.inMemory()
        try db.execute(
            """
            CREATE TABLE stocks (symbol VARCHAR(5), purchasePrice FLOAT(10,4),
                                 unitsPurchased INTEGER, purchase_date VARCHAR(10));
            INSERT INTO stocks VALUES ('ALU', 14.23, 100, '03-17-2007'), ('GOOG', 600.77, 20, NULL);
            """)
        return db
    }

    @Test func decodesRowsByColumnName() throws {
        let db = try sample()
        let stocks = try db.fetchAll(Stock.self, "SELECT * FROM stocks ORDER BY symbol")
        #expect(
            stocks == [
                Stock(symbol: "ALU", purchasePrice: 14.23, unitsPurchased: 100, purchaseDate: "03-17-2007"),
                Stock(symbol: "GOOG", purchasePrice: 600.77, unitsPurchased: 20, purchaseDate: nil),
            ])
        // Column order does not matter, and a missing optional column is nil.
        let reordered = try db.fetchOne(
            Stock.self, "SELECT unitsPurchased, purchasePrice, symbol FROM stocks WHERE symbol = ?", "ALU")
        #expect(reordered == Stock(symbol: "ALU", purchasePrice: 14.23, unitsPurchased: 100, purchaseDate: nil))
        #expect(try db.fetchOne(Stock.self, "SELECT * FROM stocks WHERE symbol = 'MSFT'") == nil)
    }

    @Test func decodesRawValuesJSONDatesDataAndSmallIntegers() throws {
        let db = try Database.inMemory()
        try db.execute(
            "CREATE TABLE listings (symbol, exchange, board, details, listed, logo, shares, active)")
        try db.execute(
            "INSERT INTO listings VALUES (?, ?, ?, ?, ?, ?, ?, ?)", "ALU", Exchange.nyse, "main",
            #"{"sector": "telecom"}"#, "2006-12-01 09:30:00", Data([0x89, 0x50]), 3_000_000, true)
        let listing = try #require(try db.fetchOne(Listing.self, "SELECT * FROM listings"))
        #expect(listing.exchange == .nyse)
        #expect(listing.board == .main)
        #expect(listing.details == Listing.Details(sector: "telecom"))
        #expect(listing.listed == Date(timeIntervalSince1970: 1_164_965_400))
        #expect(listing.logo == Data([0x89, 0x50]))
        #expect(listing.shares == 3_000_000)
        #expect(listing.active)
    }

    @Test func decodesSingleValuesFromOneColumnRows() throws {
        let db = try sample()
        #expect(try db.fetchAll(String.self, "SELECT symbol FROM stocks ORDER BY symbol") == ["ALU", "GOOG"])
        let error = try #require(throws: DatabaseError.self) { try db.fetchAll(String.self, "SELECT * FROM stocks") }
        #expect(error.message == "a single value needs a row of one column; this row has 4")
    }

    @Test func aTypeMismatchNamesTheColumnAndTheSQL() throws {
        let db = try sample()
        let error = try #require(throws: DatabaseError.self) {
            try db.fetchAll(Stock.self, "SELECT symbol, symbol AS purchasePrice, unitsPurchased FROM stocks")
        }
        #expect(error.code == .typeMismatch)
        #expect(error.operation == "decode Stock")
        #expect(error.message == "column purchasePrice (index 1) holds TEXT 'ALU', which is not a Double")
        #expect(error.sql == "SELECT symbol, symbol AS purchasePrice, unitsPurchased FROM stocks")
    }

    @Test func aNullInANonOptionalPropertyIsAnError() throws {
        struct Strict: Decodable {
            var symbol: String
            var purchaseDate: String
            enum CodingKeys: String, CodingKey {
                case symbol
                case purchaseDate = "purchase_date"
            }
        }
        let db = try sample()
        let error = try #require(throws: DatabaseError.self) {
            try db.fetchAll(Strict.self, "SELECT symbol, purchase_date FROM stocks ORDER BY symbol")
        }
        #expect(error.message == "column purchase_date (index 1) holds NULL, which is not a String")
    }

    @Test func aMissingColumnIsNamed() throws {
        let db = try sample()
        let error = try #require(throws: DatabaseError.self) {
            try db.fetchAll(Stock.self, "SELECT symbol, unitsPurchased FROM stocks")
        }
        #expect(error.code == .outOfRange)
        #expect(error.message == "there is no column named purchasePrice (columns: symbol, unitsPurchased)")
    }

    @Test func anIntegerThatDoesNotFitIsAnError() throws {
        struct Small: Decodable { var value: UInt8 }
        let db = try Database.inMemory()
        #expect(try db.fetchOne(Small.self, "SELECT 255 AS value")?.value == 255)
        let error = try #require(throws: DatabaseError.self) { try db.fetchOne(Small.self, "SELECT 256 AS value") }
        #expect(error.code == .typeMismatch)
        #expect(error.message.contains("INTEGER 256"))
    }

    @Test func textThatIsNotJSONForANestedTypeIsAnError() throws {
        let db = try Database.inMemory()
        try db.execute("CREATE TABLE listings (symbol, exchange, board, details, listed, logo, shares, active)")
        try db.execute("INSERT INTO listings VALUES ('A', 'nyse', 'main', 'not json', '2006-12-01', NULL, 1, 1)")
        let error = try #require(throws: DatabaseError.self) { try db.fetchAll(Listing.self, "SELECT * FROM listings") }
        #expect(error.code == .typeMismatch)
        #expect(error.message.hasPrefix("column details (index 3) does not hold JSON for Details"))
    }

    /// The sentence of every Codable reader (``CodingProblem``), not Swift's `DecodingError` dump.
    @Test func jsonThatLacksAKeyIsDescribedInASentence() throws {
        let db = try Database.inMemory()
        try db.execute("CREATE TABLE listings (symbol, exchange, board, details, listed, logo, shares, active)")
        try db.execute(
            #"INSERT INTO listings VALUES ('A', 'nyse', 'main', '{"sectors": 1}', '2006-12-01', NULL, 1, 1)"#)
        let error = try #require(throws: DatabaseError.self) { try db.fetchAll(Listing.self, "SELECT * FROM listings") }
        #expect(error.code == .typeMismatch)
        #expect(error.message == "column details (index 3) does not hold JSON for Details: key 'sector' is missing")
    }

    @Test func aDecodingErrorATypeThrowsItselfIsDescribedInASentence() throws {
        struct Even: Decodable {
            var value: Int
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                value = try container.decode(Int.self, forKey: .value)
                guard value.isMultiple(of: 2) else {
                    throw DecodingError.dataCorruptedError(
                        forKey: .value, in: container, debugDescription: "an odd number")
                }
            }
            enum CodingKeys: String, CodingKey { case value }
        }
        let db = try Database.inMemory()
        let error = try #require(throws: DatabaseError.self) { try db.fetchOne(Even.self, "SELECT 3 AS value") }
        #expect(error.code == .typeMismatch)
        #expect(error.message == "an odd number at value")
    }

    @Test func aTypeDecodedInADifferentOrderPerRowStillGetsTheRightColumns() throws {
        struct Either: Decodable, Equatable {
            var kind: String
            var value: String
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                kind = try container.decode(String.self, forKey: .kind)
                value =
                    kind == "a"
                    ? try container.decode(String.self, forKey: .a) : try container.decode(String.self, forKey: .b)
            }
            enum CodingKeys: String, CodingKey { case kind, a, b }
        }
        let db = try Database.inMemory()
        let rows = try db.fetchAll(
            Either.self,
            "SELECT 'a' AS kind, 'x' AS a, 'y' AS b UNION ALL SELECT 'b', 'p', 'q' UNION ALL SELECT 'a', 'm', 'n'")
        #expect(rows.map(\.value) == ["x", "q", "m"])
    }
}
