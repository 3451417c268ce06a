import FolioDatabase
import Foundation
import Testing

@Suite struct StatementTests {
    private func stocks() throws -> Database {
        let db = try Database.inMemory()
        try db.execute(
            """
            CREATE TABLE stocks (symbol VARCHAR(5), purchasePrice FLOAT(10,4),
                                 unitsPurchased INTEGER, purchase_date VARCHAR(10))
            """)
        return db
    }

    @Test func bindsEverySupportedType() throws {
        let db = try Database.inMemory()
        try db.execute("CREATE TABLE t (i, i64, d, b, s, data, date, n)")
        let date = Date(timeIntervalSince1970: 1_174_089_600.25)
        let insert = try db.prepare("INSERT INTO t VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
        try insert.bind(42, Int64.max, 14.23, true, "ALU", Data([0, 1, 2]), date, String?.none)
        try insert.execute()
        let types = try db.fetchOne(
            [String].self,
            "SELECT typeof(i), typeof(i64), typeof(d), typeof(b), typeof(s), typeof(data), typeof(date), typeof(n) FROM t"
        )
        #expect(types == ["integer", "integer", "real", "integer", "text", "blob", "text", "null"])
        var rows = try db.prepare("SELECT * FROM t").rows()
        let row = try #require(try rows.next())
        #expect(try row.value(at: 0) as Int == 42)
        #expect(try row.value(at: 1) as Int64 == .max)
        #expect(try row.value(at: 2) as Double == 14.23)
        #expect(try row.value(at: 3) as Bool == true)
        #expect(try row.value(at: 4) as String == "ALU")
        #expect(try row.value(at: 5) as Data == Data([0, 1, 2]))
        #expect(try row.value(at: 6) as Date == date)
        #expect(try row.value(at: 7) as String? == nil)
        #expect(try row.value(at: 6) as String == "2007-03-17 00:00:00.250")
    }

    @Test func emptyTextAndEmptyDataAreNotNull() throws {
        let db = try Database.inMemory()
        let row = try #require(
            try db.fetchOne([String].self, "SELECT typeof(?), typeof(?)", "", Data()))
        #expect(row == ["text", "blob"])
    }

    @Test func textWithNULCharactersSurvivesBinding() throws {
        let db = try Database.inMemory()
        #expect(try db.fetchValue(String.self, "SELECT ?", "a\0b") == "a\0b")
        #expect(try db.fetchValue(Int.self, "SELECT length(CAST(? AS BLOB))", "a\0b") == 3)
    }

    @Test func bindsNamedParametersWithAnyPrefix() throws {
        let db = try stocks()
        try db.execute(
            "INSERT INTO stocks VALUES (:symbol, @price, $units, :date)",
            arguments: ["symbol": "GOOG", "price": 600.77, "units": 20, ":date": "01-09-2007"])
        let statement = try db.prepare("SELECT unitsPurchased FROM stocks WHERE symbol = :symbol")
        try statement.bind("GOOG", named: "symbol")
        #expect(try statement.fetchValue(Int.self) == 20)
        #expect(statement.parameterName(at: 1) == ":symbol")
    }

    @Test(arguments: [0, 1, 3, 5])
    func refusesAWrongNumberOfValues(count: Int) throws {
        let db = try stocks()
        let insert = try db.prepare("INSERT INTO stocks VALUES (?, ?, ?, ?)")
        let values: [DatabaseValue] = Array(repeating: .integer(1), count: count)
        let error = try #require(throws: DatabaseError.self) {
            try insert.execute(arguments: StatementArguments(values))
        }
        #expect(error.code == .outOfRange)
        #expect(error.sql == "INSERT INTO stocks VALUES (?, ?, ?, ?)")
        #expect(try db.rowCount(of: "stocks") == 0)
    }

    @Test func refusesAWrongNumberOfValuesInTheVariadicForms() throws {
        let db = try stocks()
        let insert = try db.prepare("INSERT INTO stocks VALUES (?, ?, ?, ?)")
        let tooFew = try #require(throws: DatabaseError.self) { try insert.execute("ALU", 14.23, 100) }
        #expect(tooFew.message == "3 values were given for 4 parameters")
        let tooMany = try #require(throws: DatabaseError.self) { try insert.bind("ALU", 14.23, 100, "x", "y") }
        #expect(tooMany.message == "5 values were given for 4 parameters")
        let execute = try #require(throws: DatabaseError.self) {
            try db.execute("INSERT INTO stocks VALUES (?, ?, ?, ?)", "ALU")
        }
        #expect(execute.code == .outOfRange)
        #expect(try db.rowCount(of: "stocks") == 0)
    }

    @Test func refusesAnUnknownParameterName() throws {
        let db = try stocks()
        let error = try #require(throws: DatabaseError.self) {
            try db.execute("DELETE FROM stocks WHERE symbol = :symbol", arguments: ["sym": "ALU"])
        }
        #expect(error.code == .outOfRange)
    }

    @Test func aStatementRunsAgainAfterReset() throws {
        let db = try stocks()
        let insert = try db.prepare("INSERT INTO stocks VALUES (?, ?, ?, ?)")
        try insert.execute("ALU", 14.23, 100, "03-17-2007")
        try insert.execute("GOOG", 600.77, 20, "01-09-2007")
        try insert.execute()  // the bindings stay
        let query = try db.prepare("SELECT symbol FROM stocks ORDER BY rowid")
        #expect(try query.fetchValues(String.self) == ["ALU", "GOOG", "GOOG"])
        #expect(try query.fetchValues(String.self) == ["ALU", "GOOG", "GOOG"])
        var cursor = query.rows()
        _ = try cursor.next()
        query.reset()
        #expect(try query.fetchValues(String.self).count == 3)
    }

    @Test func theCacheReusesStatementsAndNeverDisturbsARunningOne() throws {
        let db = try stocks()
        try db.execute("INSERT INTO stocks VALUES ('ALU', 14.23, 100, '03-17-2007'), ('NT', 20.23, 140, '02-05-2007')")
        let sql = "SELECT symbol FROM stocks ORDER BY symbol"
        let first = try db.cachedStatement(sql)
        #expect(try db.cachedStatement(sql) === first)
        var seen: [String] = []
        try first.forEachRow { row in
            seen.append(try row.value(at: 0))
            let inner = try db.cachedStatement(sql)
            #expect(inner !== first)
            #expect(try inner.fetchValues(String.self) == ["ALU", "NT"])
        }
        #expect(seen == ["ALU", "NT"])
    }

    @Test func prepareTakesExactlyOneStatement() throws {
        let db = try Database.inMemory()
        let two = try #require(throws: DatabaseError.self) { try db.prepare("SELECT 1; SELECT 2") }
        #expect(two.code == .misuse)
        let none = try #require(throws: DatabaseError.self) { try db.prepare("  -- nothing\n") }
        #expect(none.code == .misuse)
        #expect(try db.prepare("SELECT 1;  -- a comment").columnCount == 1)
    }

    @Test func aSyntaxErrorNamesTheSQL() throws {
        let db = try Database.inMemory()
        let error = try #require(throws: DatabaseError.self) { try db.prepare("SELEC symbol FROM stocks") }
        #expect(error.code == .error)
        #expect(error.message == "near \"SELEC\": syntax error")
        #expect(error.sql == "SELEC symbol FROM stocks")
        #expect(error.operation == "prepare")
        #expect(
            error.description
                == "prepare failed for :memory:: near \"SELEC\": syntax error (error) in `SELEC symbol FROM stocks`")
    }

    @Test func aConstraintViolationReportsTheExtendedCode() throws {
        let db = try Database.inMemory()
        try db.execute("CREATE TABLE stocks (symbol TEXT PRIMARY KEY NOT NULL, units INTEGER CHECK (units > 0))")
        try db.execute("INSERT INTO stocks VALUES ('ALU', 100)")
        let unique = try #require(throws: DatabaseError.self) { try db.execute("INSERT INTO stocks VALUES ('ALU', 1)") }
        #expect(unique.code == .constraint)
        #expect(unique.extendedCode == .constraintPrimaryKey)
        #expect(unique.message == "UNIQUE constraint failed: stocks.symbol")
        let notNull = try #require(throws: DatabaseError.self) { try db.execute("INSERT INTO stocks VALUES (NULL, 1)") }
        #expect(notNull.extendedCode == .constraintNotNull)
        let check = try #require(throws: DatabaseError.self) { try db.execute("INSERT INTO stocks VALUES ('NT', 0)") }
        #expect(check.extendedCode == .constraintCheck)
        #expect(check.description.contains("(constraintCheck)"))
    }

    @Test func theSQLCannotHideStatementsBehindANul() throws {
        let db = try Database.inMemory()
        let error = try #require(throws: DatabaseError.self) { try db.execute("SELECT 1;\0DROP TABLE x") }
        #expect(error.code == .misuse)
    }
}
