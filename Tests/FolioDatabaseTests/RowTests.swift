import FolioDatabase
import Foundation
import Testing

@Suite struct RowTests {
    private func sample() throws -> Database {
        let db = try Database.inMemory()
        try db.execute(
            """
            CREATE TABLE stocks (symbol VARCHAR(5), purchasePrice FLOAT(10,4), unitsPurchased INTEGER,
                                 purchase_date VARCHAR(10), note TEXT);
            INSERT INTO stocks VALUES ('ALU', 14.23, 100, '03-17-2007', NULL);
            """)
        return db
    }

    @Test func readsColumnsByIndexAndByName() throws {
        let db = try sample()
        try db.execute("SELECT * FROM stocks") { row throws -> RowAction in
            #expect(row.count == 5)
            #expect(try row.value(at: 0) as String == "ALU")
            #expect(try row.value(named: "purchasePrice") as Double == 14.23)
            #expect(try row.value(named: "UNITSPURCHASED") as Int == 100)
            #expect(row[3] == .text("03-17-2007"))
            #expect(row["note"] == .null)
            #expect(row["missing"] == nil)
            #expect(row.isNull(at: 4))
            #expect(row.storageClass(at: 1) == .real)
            return .continue
        }
    }

    @Test func aTypeMismatchNamesTheColumnTheValueAndTheSQL() throws {
        let db = try sample()
        try db.execute("SELECT * FROM stocks") { row throws -> RowAction in
            let text = try #require(throws: DatabaseError.self) { try row.value(at: 0) as Int }
            #expect(text.code == .typeMismatch)
            #expect(text.message == "column symbol (index 0) holds TEXT 'ALU', which is not a Int")
            #expect(text.sql == "SELECT * FROM stocks")
            let null = try #require(throws: DatabaseError.self) { try row.value(named: "note") as String }
            #expect(null.message == "column note (index 4) holds NULL, which is not a String")
            #expect(try row.value(named: "note") as String? == nil)
            let missing = try #require(throws: DatabaseError.self) { try row.value(named: "price") as Double }
            #expect(missing.code == .outOfRange)
            #expect(missing.message.contains("purchasePrice"))
            let index = try #require(throws: DatabaseError.self) { try row.value(at: 9) as Int }
            #expect(index.code == .outOfRange)
            return .continue
        }
    }

    @Test func conversionsAreStrict() throws {
        let db = try Database.inMemory()
        var rows = try db.prepare("SELECT 1.5, 2, '3', x'04', 300").rows()
        let row = try #require(try rows.next())
        let error = #expect(throws: DatabaseError.self) { try row.value(at: 0) as Int }
        #expect(error?.code == .typeMismatch)
        #expect(try row.value(at: 1) as Double == 2)
        let error2 = #expect(throws: DatabaseError.self) { try row.value(at: 2) as Int }
        #expect(error2?.code == .typeMismatch)
        let error3 = #expect(throws: DatabaseError.self) { try row.value(at: 3) as String }
        #expect(error3?.code == .typeMismatch)
        #expect(try row.value(at: 3) as Data == Data([4]))
        #expect(try row.value(at: 4) as Int32 == 300)
    }

    @Test func aSnapshotOutlivesItsStatement() throws {
        let db = try sample()
        var snapshots: [RowSnapshot] = []
        try db.execute("SELECT symbol, unitsPurchased FROM stocks") { row in
            snapshots.append(row.snapshot())
            return .continue
        }
        #expect(
            snapshots == [RowSnapshot(columns: ["symbol", "unitsPurchased"], values: [.text("ALU"), .integer(100)])])
        #expect(snapshots.first?["unitsPurchased"] == .integer(100))
    }

    @Test func iteratesManyRowsWithoutCopyingThem() throws {
        let db = try Database.inMemory()
        try db.execute(
            """
            CREATE TABLE n (i INTEGER);
            WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 200000)
            INSERT INTO n SELECT i FROM c;
            """)
        var sum = 0
        var count = 0
        try db.prepare("SELECT i FROM n").forEachRow { row in
            sum += try row.value(at: 0) as Int
            count += 1
        }
        #expect(count == 200_000)
        #expect(sum == 200_000 * 200_001 / 2)
    }
}
