import FolioDatabase
import Foundation
import Testing

@Suite struct DatabaseTests {
    struct Stock: Decodable, Equatable {
        var symbol: String
        var purchasePrice: Double
        var unitsPurchased: Int
        var purchaseDate: String
        enum CodingKeys: String, CodingKey {
            case symbol, purchasePrice, unitsPurchased
            case purchaseDate = "purchase_date"
        }
    }

    @Test func smoke() throws {
        let db = try Database.inMemory()
        try db.execute(
            """
            CREATE TABLE stocks (symbol VARCHAR(5), purchasePrice FLOAT(10,4),
                                 unitsPurchased INTEGER, purchase_date VARCHAR(10));
            """)
        try db.execute("INSERT INTO stocks VALUES (?, ?, ?, ?)", "ALU", 14.23, 100, "03-17-2007")
        let stocks = try db.fetchAll(Stock.self, "SELECT * FROM stocks")
        #expect(stocks == [Stock(symbol: "ALU", purchasePrice: 14.23, unitsPurchased: 100, purchaseDate: "03-17-2007")])
        #expect(try db.fetchValue(Int.self, "SELECT count(*) FROM stocks") == 1)
    }
}
