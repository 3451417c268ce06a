/// Named schema changes, applied in order, each once, each in its own transaction.
///
/// ```swift
/// var migrator = Migrator()
/// migrator.register("create stocks") { db in
///     try db.execute("CREATE TABLE stocks (symbol TEXT PRIMARY KEY, purchasePrice REAL)")
/// }
/// migrator.register("add units") { db in
///     try db.execute("ALTER TABLE stocks ADD COLUMN unitsPurchased INTEGER NOT NULL DEFAULT 0")
/// }
/// try migrator.migrate(db)      // applies what is new; running it again does nothing
/// ```
///
/// Applied migrations are recorded in the table `folio_migrations` (name, time applied). A
/// migration runs in an immediate transaction together with its record, so it is applied whole
/// or not at all, and two processes migrating the same file at once apply it once.
public struct Migrator: Sendable {
    /// The table that records applied migrations.
    public static let table = "folio_migrations"

    private var migrations: [(name: String, body: @Sendable (Database) throws -> Void)] = []

    /// An empty migrator.
    public init() {}

    /// The registered names, in order.
    public var names: [String] { migrations.map(\.name) }

    /// Adds a migration after those registered before.
    ///
    /// - Precondition: no migration of that name is registered (names identify migrations in
    ///   the database, so they must never be reused).
    public mutating func register(_ name: String, _ body: @escaping @Sendable (Database) throws -> Void) {
        precondition(!migrations.contains { $0.name == name }, "a migration named \(name) is already registered")
        migrations.append((name, body))
    }

    /// Applies the migrations not yet applied, in order.
    ///
    /// - Returns: the names of the migrations applied now.
    /// - Throws: ``DatabaseError`` when the database records migrations this migrator does not
    ///   know (it was migrated by a newer program), or what a failing migration throws (its
    ///   changes are rolled back; the ones before it stay applied).
    @discardableResult
    public func migrate(_ db: Database) throws -> [String] {
        try db.execute(
            """
            CREATE TABLE IF NOT EXISTS \(Migrator.table) (
                name TEXT PRIMARY KEY NOT NULL,
                applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%d %H:%M:%f', 'now'))
            )
            """)
        let known = Set(names)
        let unknown = try appliedMigrations(in: db).filter { !known.contains($0) }
        if !unknown.isEmpty {
            throw DatabaseError(
                .error,
                message: "the database has migrations this program does not know: "
                    + unknown.joined(separator: ", "),
                operation: "migrate", subject: db.name)
        }
        var applied: [String] = []
        for migration in migrations {
            let didApply = try db.transaction(.immediate) { db in
                let isApplied =
                    try db.fetchValue(
                        Int.self, "SELECT count(*) FROM \(Migrator.table) WHERE name = ?", migration.name) ?? 0
                guard isApplied == 0 else { return false }
                do {
                    try migration.body(db)
                } catch var error as DatabaseError {
                    error.message = "migration “\(migration.name)” failed: \(error.message)"
                    throw error
                }
                try db.execute("INSERT INTO \(Migrator.table) (name) VALUES (?)", migration.name)
                return true
            }
            if didApply {
                applied.append(migration.name)
            }
        }
        return applied
    }

    /// The names of the migrations recorded in `db`, in the order they were applied.
    ///
    /// - Throws: ``DatabaseError`` from SQLite.
    public func appliedMigrations(in db: Database) throws(DatabaseError) -> [String] {
        let exists =
            try db.fetchValue(
                Int.self, "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = ?", Migrator.table) ?? 0
        guard exists > 0 else { return [] }
        return try db.fetchValues(String.self, "SELECT name FROM \(Migrator.table) ORDER BY applied_at, rowid")
    }
}
