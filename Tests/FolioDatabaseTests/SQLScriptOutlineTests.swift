import FolioDatabase
import Testing

@Suite struct SQLScriptOutlineTests {
    @Test func splitsWhereSQLiteDoesNotAtSemicolonsInsideStringsOrTriggers() {
        let outline = SQLScriptOutline(
            """
            -- a comment; with a semicolon
            insert into t values (';');
            /* another; */ CREATE TRIGGER tr AFTER INSERT ON t BEGIN
                UPDATE t SET x = 1; DELETE FROM u;
            END;
            select "a;b" from t
            """)
        #expect(outline.leadingKeywords == ["INSERT", "CREATE", "SELECT"])
        #expect(!outline.managesTransactions, "a trigger's BEGIN is not a transaction")
    }

    @Test func seesTransactionControlAndStatementsThatRefuseTransactions() {
        #expect(SQLScriptOutline("BEGIN; INSERT INTO t VALUES (1); COMMIT;").managesTransactions)
        #expect(SQLScriptOutline("savepoint a; release a").managesTransactions)
        #expect(SQLScriptOutline("VACUUM").managesTransactions)
        #expect(SQLScriptOutline("PRAGMA journal_mode = WAL").managesTransactions)
        #expect(SQLScriptOutline("ATTACH 'x.db' AS x").managesTransactions)
        #expect(!SQLScriptOutline("INSERT INTO t VALUES ('BEGIN; COMMIT')").managesTransactions)
        #expect(!SQLScriptOutline("WITH c AS (SELECT 1) INSERT INTO t SELECT * FROM c").managesTransactions)
    }

    @Test func blankStatementsAndCommentsAreNotStatements() {
        #expect(SQLScriptOutline(";;  -- nothing\n").leadingKeywords == [])
        #expect(SQLScriptOutline("").leadingKeywords == [])
        #expect(SQLScriptOutline("select 1; ;select 2;").leadingKeywords == ["SELECT", "SELECT"])
    }
}
