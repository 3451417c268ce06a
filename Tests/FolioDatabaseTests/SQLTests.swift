import FolioDatabase
import Testing

@Suite struct SQLTests {
    static let heyYaAll = "She said: 'Hey Ya'all whats up?'"

    @Test func escapeDoublesSingleQuotesLikePercentQ() throws {
        #expect(SQL.escape(SQLTests.heyYaAll) == "She said: ''Hey Ya''all whats up?''")
        let db = try Database.inMemory()
        #expect(
            try db.fetchValue(String.self, "SELECT printf('%q', ?)", SQLTests.heyYaAll) == SQL.escape(SQLTests.heyYaAll)
        )
    }

    @Test func quoteMakesALiteralOrNULLLikePercentCapitalQ() throws {
        #expect(SQL.quote(SQLTests.heyYaAll) == "'She said: ''Hey Ya''all whats up?'''")
        #expect(SQL.quote(nil) == "NULL")
        let db = try Database.inMemory()
        #expect(
            try db.fetchValue(String.self, "SELECT printf('%Q', ?)", SQLTests.heyYaAll) == SQL.quote(SQLTests.heyYaAll))
        #expect(try db.fetchValue(String.self, "SELECT \(SQL.quote(SQLTests.heyYaAll))") == SQLTests.heyYaAll)
    }

    @Test(arguments: [
        "plain", "", "'", "''", "it's", "a'\u{301}b", "'; DROP TABLE stocks; --", "naïve ☃ 日本",
    ])
    func aQuotedLiteralReadsBackAsTheSameText(text: String) throws {
        let db = try Database.inMemory()
        try db.execute("CREATE TABLE stocks (x)")
        #expect(try db.fetchValue(String.self, "SELECT \(SQL.quote(text))") == text)
        #expect(try db.fetchValue(String.self, "SELECT '\(SQL.escape(text))'") == text)
        #expect(try db.tableExists("stocks"))
    }

    @Test func quoteIdentifierDoublesDoubleQuotes() throws {
        #expect(SQL.quoteIdentifier("purchase date") == "\"purchase date\"")
        #expect(SQL.quoteIdentifier("a\"b") == "\"a\"\"b\"")
        let db = try Database.inMemory()
        try db.execute("CREATE TABLE \(SQL.quoteIdentifier("odd \"name\"")) (x)")
        #expect(try db.tableExists("odd \"name\""))
    }

    @Test func textEndsAtANulLikeSQLitesFormats() {
        #expect(SQL.quote("a\0b") == "'a'")
    }
}
