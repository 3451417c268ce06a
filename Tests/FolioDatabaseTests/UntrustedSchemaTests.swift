import FolioDatabase
import Synchronization
import Testing

/// A database may come from anywhere (an upload, another program): its schema's views and
/// triggers do not get to call functions with side effects, and SQL does not rewrite the schema.
@Suite struct UntrustedSchemaTests {
    /// Counts the calls of `mark()`.
    final class Calls: Sendable {
        let count = Mutex(0)
        var value: Int { count.withLock { $0 } }
    }

    /// A database with a function `mark()` that counts its calls, as an application's function
    /// with side effects would act.
    func databaseWithMark() throws -> (Database, Calls) {
        let db = try Database.inMemory()
        let calls = Calls()
        try db.createFunction("mark", argumentCount: 0) { _ in
            calls.count.withLock { $0 += 1 }
            return 1
        }
        return (db, calls)
    }

    @Test func aViewCannotCallAFunctionWithSideEffects() throws {
        let (db, calls) = try databaseWithMark()
        #expect(try db.fetchValue(Int.self, "SELECT mark()") == 1)
        try db.execute("CREATE VIEW v AS SELECT mark() AS m")
        let error = #expect(throws: DatabaseError.self) { try db.fetchValue(Int.self, "SELECT m FROM v") }
        #expect(error?.message.contains("unsafe use of mark()") == true, "\(String(describing: error))")
        #expect(calls.value == 1)
    }

    @Test func aTriggerCannotCallAFunctionWithSideEffects() throws {
        let (db, calls) = try databaseWithMark()
        try db.execute("CREATE TABLE t(x); CREATE TRIGGER tr AFTER INSERT ON t BEGIN SELECT mark(); END")
        #expect(throws: DatabaseError.self) { try db.execute("INSERT INTO t VALUES (1)") }
        #expect(calls.value == 0)
        #expect(try db.fetchValue(Int.self, "SELECT count(*) FROM t") == 0)
    }

    @Test func sqlCannotRewriteTheSchema() throws {
        let db = try Database.inMemory()
        try db.execute("CREATE TABLE t(x)")
        try db.execute("PRAGMA writable_schema = ON")
        #expect(throws: DatabaseError.self) {
            try db.execute("UPDATE sqlite_schema SET sql = 'CREATE TABLE t(y)' WHERE name = 't'")
        }
        #expect(try db.fetchValue(String.self, "SELECT sql FROM sqlite_schema WHERE name = 't'") == "CREATE TABLE t(x)")
    }
}
