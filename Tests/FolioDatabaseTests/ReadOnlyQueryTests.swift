import FolioDatabase
import FolioSandbox
import FolioTestSupport
import Foundation
import Testing

/// The query box's rule: only statements that read.
@Suite struct ReadOnlyQueryTests {
    static func financial() throws -> Database {
        let db = try Database.inMemory()
        try db.execute(
            """
            CREATE TABLE stocks (symbol TEXT PRIMARY KEY, purchasePrice REAL);
            INSERT INTO stocks VALUES ('ALU', 14.23), ('GOOG', 600.77);
            """)
        return db
    }

    static let refused = [
        "DELETE FROM stocks",
        "INSERT INTO stocks VALUES ('NT', 20.23)",
        "UPDATE stocks SET purchasePrice = 0",
        "WITH x AS (SELECT 1) DELETE FROM stocks",
        "VACUUM",
        "VACUUM INTO 'copy.db'",
        "PRAGMA user_version = 3",
        "PRAGMA journal_mode = delete",
        "PRAGMA cache_size = 10",
        "PRAGMA query_only = 0",
        "PRAGMA writable_schema = 1",
        "PRAGMA wal_checkpoint",
        "ATTACH ':memory:' AS other",
        "ATTACH '' AS other",
        "DETACH main",
        "BEGIN",
        "BEGIN IMMEDIATE",
        "COMMIT",
        "SAVEPOINT s",
        "CREATE TEMP TABLE t (x)",
        "CREATE TEMP VIEW v AS SELECT 1",
        "CREATE TABLE t (x)",
        "DROP TABLE stocks",
        "ANALYZE",
        "REINDEX",
        // Each statement is checked, not only the first.
        "SELECT 1; DELETE FROM stocks",
        "SELECT 1; VACUUM",
    ]

    @Test(arguments: refused)
    func refusesWhatWouldChangeTheDatabaseOrTheConnection(_ sql: String) throws {
        let db = try ReadOnlyQueryTests.financial()
        let error = try #require(throws: DatabaseError.self) { try db.prepareReadOnlyQuery(sql) }
        #expect(error.code == .readOnly, "\(error)")
        #expect(error.message.hasPrefix("the query box is read-only: "))
        #expect(try db.fetchValue(Int.self, "SELECT count(*) FROM stocks") == 2)
        // Nothing was attached (compiling a temporary table's statement opens `temp`, which is harmless).
        #expect(try db.fetchValue(Int.self, "SELECT count(*) FROM pragma_database_list WHERE name <> 'temp'") == 1)
    }

    static let allowed = [
        "SELECT symbol FROM stocks WHERE purchasePrice > 20",
        "WITH cheap AS (SELECT * FROM stocks WHERE purchasePrice < 20) SELECT * FROM cheap",
        "VALUES (1, 2), (3, 4)",
        "PRAGMA table_info(stocks)",
        "PRAGMA index_list(stocks)",
        "PRAGMA integrity_check",
        "PRAGMA user_version",
        "SELECT * FROM pragma_table_info('stocks')",
        "EXPLAIN QUERY PLAN SELECT * FROM stocks",
        "SELECT 1;",
    ]

    @Test(arguments: allowed)
    func runsStatementsThatRead(_ sql: String) throws {
        let db = try ReadOnlyQueryTests.financial()
        let statement = try db.prepareReadOnlyQuery(sql)
        try statement.forEachRow { _ in }
    }

    @Test func oneStatementAtATime() throws {
        let db = try ReadOnlyQueryTests.financial()
        let several = try #require(throws: DatabaseError.self) { try db.prepareReadOnlyQuery("SELECT 1; SELECT 2") }
        #expect(several.code == .misuse)
        let none = try #require(throws: DatabaseError.self) { try db.prepareReadOnlyQuery("  -- nothing") }
        #expect(none.code == .misuse)
    }

    @Test func vacuumIntoAFileURIIsRefusedBeforeItRuns() throws {
        let test = try TestContainer()
        let db = try Database(SandboxPath(parsing: "Documents/a.db"), in: test.container)
        let target = test.directory.appending("anywhere.db")
        let error = try #require(throws: DatabaseError.self) {
            try db.prepareReadOnlyQuery("VACUUM INTO 'file:\(target)?vfs=unix'")
        }
        #expect(error.code == .readOnly)
        #expect(!FileManager.default.fileExists(atPath: target))
    }
}
