import FolioDatabase
import Testing

@Suite struct MigratorTests {
    private func migrator() -> Migrator {
        var migrator = Migrator()
        migrator.register("create stocks") { db in
            try db.execute("CREATE TABLE stocks (symbol TEXT PRIMARY KEY, purchasePrice REAL)")
        }
        migrator.register("add units") { db in
            try db.execute("ALTER TABLE stocks ADD COLUMN unitsPurchased INTEGER NOT NULL DEFAULT 0")
        }
        return migrator
    }

    @Test func appliesMigrationsInOrderAndOnlyOnce() throws {
        let db = try Database.inMemory()
        let migrator = migrator()
        #expect(try migrator.migrate(db) == ["create stocks", "add units"])
        #expect(try migrator.migrate(db) == [])
        #expect(try migrator.appliedMigrations(in: db) == ["create stocks", "add units"])
        #expect(
            try db.tables().first { $0.name == "stocks" }?.columns.map(\.name) == [
                "symbol", "purchasePrice", "unitsPurchased",
            ])
    }

    @Test func appliesOnlyWhatIsNew() throws {
        let db = try Database.inMemory()
        var first = Migrator()
        first.register("create stocks") { db in try db.execute("CREATE TABLE stocks (symbol TEXT)") }
        try first.migrate(db)
        var second = first
        second.register("index symbols") { db in try db.execute("CREATE INDEX stocks_symbol ON stocks (symbol)") }
        #expect(try second.migrate(db) == ["index symbols"])
    }

    @Test func aFailingMigrationIsRolledBackAndStopsTheRest() throws {
        let db = try Database.inMemory()
        var migrator = migrator()
        migrator.register("broken") { db in
            try db.execute("CREATE TABLE half (x)")
            try db.execute("INSERT INTO nowhere VALUES (1)")
        }
        migrator.register("after") { db in try db.execute("CREATE TABLE after (x)") }
        let error = try #require(throws: DatabaseError.self) { try migrator.migrate(db) }
        #expect(error.message == "migration “broken” failed: no such table: nowhere")
        #expect(try migrator.appliedMigrations(in: db) == ["create stocks", "add units"])
        #expect(try !db.tableExists("half"))
        #expect(try !db.tableExists("after"))
    }

    @Test func refusesADatabaseMigratedByANewerProgram() throws {
        let db = try Database.inMemory()
        var newer = migrator()
        newer.register("add notes") { db in try db.execute("ALTER TABLE stocks ADD COLUMN notes TEXT") }
        try newer.migrate(db)
        let error = try #require(throws: DatabaseError.self) { try migrator().migrate(db) }
        #expect(error.message == "the database has migrations this program does not know: add notes")
    }
}
