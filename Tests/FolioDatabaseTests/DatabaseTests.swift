import FolioCore
import FolioDatabase
import FolioTestSupport
import Foundation
import Testing

@Suite struct DatabaseTests {
    @Test func createsADatabaseFileWithPrivatePermissions() throws {
        let directory = TemporaryDirectory()
        let path = directory.appending("new.db")
        let db = try Database(path: path)
        try db.execute("CREATE TABLE t (x)")
        try db.close()
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
    }

    @Test func opensInWALModeWithForeignKeysOn() throws {
        let directory = TemporaryDirectory()
        let db = try Database(path: directory.appending("wal.db"))
        #expect(try db.fetchValue(String.self, "PRAGMA journal_mode") == "wal")
        #expect(try db.fetchValue(Int.self, "PRAGMA foreign_keys") == 1)
        try db.execute("CREATE TABLE parent (id INTEGER PRIMARY KEY); CREATE TABLE child (p REFERENCES parent(id))")
        let error = try #require(throws: DatabaseError.self) { try db.execute("INSERT INTO child VALUES (42)") }
        #expect(error.code == .constraint)
        #expect(error.extendedCode == .constraintForeignKey)
        // Reports (the sentence, the CLI's and the web API's JSON) name the extended code.
        #expect(error.reportedCode == "constraintForeignKey")
        #expect(error.description.contains("(constraintForeignKey)"))
        #expect((error as any FolioError).reportedCode == "constraintForeignKey")
    }

    @Test func inMemoryDatabasesArePrivateToTheirConnection() throws {
        let first = try Database.inMemory()
        let second = try Database.inMemory()
        try first.execute("CREATE TABLE t (x)")
        #expect(try first.tableExists("t"))
        #expect(try !second.tableExists("t"))
        #expect(try first.fetchValue(String.self, "PRAGMA journal_mode") == "memory")
    }

    @Test func readOnlyConnectionsRefuseWrites() throws {
        let directory = TemporaryDirectory()
        let path = directory.appending("r.db")
        try Database(path: path).execute("CREATE TABLE t (x); INSERT INTO t VALUES (1)")
        let reader = try Database(path: path, mode: .readOnly)
        #expect(try reader.fetchValue(Int.self, "SELECT x FROM t") == 1)
        let error = try #require(throws: DatabaseError.self) { try reader.execute("INSERT INTO t VALUES (2)") }
        #expect(error.code == .readOnly)
    }

    @Test func aMissingFileIsAnErrorUnlessCreating() throws {
        let directory = TemporaryDirectory()
        let path = directory.appending("missing.db")
        let error = try #require(throws: DatabaseError.self) { try Database(path: path, mode: .readWrite) }
        #expect(error.code == .cannotOpen)
        #expect(error.operation == "open database")
        #expect(error.description.contains("No such file"))
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func aFileThatIsNotADatabaseFailsToOpenWithAClearError() throws {
        let directory = TemporaryDirectory()
        let path = directory.appending("notes.txt")
        try Data(String(repeating: "These are not the bytes of a database. ", count: 200).utf8).write(
            to: URL(fileURLWithPath: path))
        let error = try #require(throws: DatabaseError.self) { try Database(path: path) }
        #expect(error.code == .notADatabase)
        #expect(error.description.hasPrefix("open database failed for \(path): file is not a database"))
    }

    @Test func aTruncatedDatabaseGivesAnErrorNotACrash() throws {
        let directory = TemporaryDirectory()
        let path = directory.appending("big.db")
        let db = try Database(path: path, configuration: rollbackJournal())
        try db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, payload TEXT)")
        try db.transaction { db in
            let insert = try db.prepare("INSERT INTO t (payload) VALUES (?)")
            for index in 0..<2000 {
                try insert.execute(String(repeating: "row \(index) ", count: 20))
            }
        }
        try db.close()
        let size = try #require(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: UInt64(size / 2))
        try handle.close()

        // Whether SQLite notices at open or when it reads past the cut, it is an error, not a crash.
        let error = try #require(throws: DatabaseError.self) {
            let damaged = try Database(path: path, configuration: rollbackJournal())
            _ = try damaged.fetchValues(String.self, "SELECT payload FROM t ORDER BY id")
        }
        #expect(error.code == .corrupt)
        #expect(error.description.contains("database disk image is malformed"))
    }

    @Test func aDatabaseCutInsideItsHeaderIsNotADatabase() throws {
        let directory = TemporaryDirectory()
        let path = directory.appending("cut.db")
        try Database(path: path, configuration: rollbackJournal()).execute("CREATE TABLE t (x)")
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: 50)
        try handle.close()
        let error = try #require(throws: DatabaseError.self) { try Database(path: path) }
        #expect(error.code == .corrupt || error.code == .notADatabase)
        #expect(error.operation == "open database")
    }

    @Test func closeReportsStatementsStillInUseAndKeepsTheConnection() throws {
        let db = try Database.inMemory()
        try db.execute("CREATE TABLE t (x)")
        var statement: Statement? = try db.prepare("SELECT x FROM t")
        let error = try #require(throws: DatabaseError.self) { try db.close() }
        #expect(error.code == .busy)
        #expect(error.message.contains("SELECT x FROM t"))
        #expect(db.isOpen)
        try db.execute("INSERT INTO t VALUES (1)")
        statement = nil
        _ = statement
        try db.close()
        #expect(!db.isOpen)
        let closed = try #require(throws: DatabaseError.self) { try db.execute("SELECT 1") }
        #expect(closed.code == .misuse)
    }

    @Test func statementsKeepTheirConnectionAlive() throws {
        let statement = try {
            let db = try Database.inMemory()
            try db.execute("CREATE TABLE t (x); INSERT INTO t VALUES (7)")
            return try db.prepare("SELECT x FROM t")
        }()
        #expect(try statement.fetchValue(Int.self) == 7)
    }

    @Test func reportsChangesAndTheLastInsertedRowID() throws {
        let db = try Database.inMemory()
        try db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, x)")
        try db.execute("INSERT INTO t (x) VALUES (1), (2), (3)")
        #expect(db.changes == 3)
        #expect(db.lastInsertedRowID == 3)
        try db.execute("UPDATE t SET x = x + 1 WHERE x > 1")
        #expect(db.changes == 2)
        #expect(db.totalChanges == 5)
    }

    @Test func doubleQuotedStringsAreIdentifiersNotText() throws {
        let db = try Database.inMemory()
        try db.execute("CREATE TABLE stocks (symbol TEXT)")
        let error = try #require(throws: DatabaseError.self) {
            try db.execute("SELECT * FROM stocks WHERE symbol = \"GOOG\"")
        }
        #expect(error.message == "no such column: GOOG")
    }

    @Test func prepareDatabaseRunsOnEveryNewConnection() throws {
        var configuration = Configuration()
        configuration.prepareDatabase = { db in
            try db.createFunction("answer", argumentCount: 0) { _ in 42 }
        }
        let db = try Database.inMemory(configuration: configuration)
        #expect(try db.fetchValue(Int.self, "SELECT answer()") == 42)
    }

    private func rollbackJournal() -> Configuration {
        var configuration = Configuration()
        configuration.journalMode = .delete
        return configuration
    }
}
