import FolioSandbox

/// One connection that many threads and tasks share, one at a time: `Sendable`.
///
/// ```swift
/// let queue = try DatabaseQueue(path: "financial.db")
/// try queue.write { db in
///     try db.execute("INSERT INTO stocks VALUES (?, ?, ?, ?)", "NT", 20.23, 140, "02-05-2007")
/// }
/// let count = try queue.read { db in try db.fetchValue(Int.self, "SELECT count(*) FROM stocks") }
/// ```
///
/// Each closure gets the ``Database`` for its duration; do not keep it after the closure returns.
/// Using the queue again from inside one of its closures is a programming error that stops the
/// program (it could only wait for itself). For readers that run while a writer writes, use a
/// ``DatabasePool``.
public final class DatabaseQueue: @unchecked Sendable {
    // Safety: `database` is only touched inside `lock.withLock`, one thread at a time.
    private let database: Database
    private let lock = ConnectionLock()

    /// Opens (or creates) the database file at `path`; see ``Database/init(path:mode:configuration:)``.
    public init(path: String, mode: OpenMode = .create, configuration: Configuration = Configuration())
        throws(DatabaseError)
    {
        database = try Database(path: path, mode: mode, configuration: configuration)
    }

    /// Opens (or creates) a database confined to a container; see
    /// ``Database/init(_:in:mode:configuration:)``.
    public init(
        _ path: SandboxPath,
        in container: Container,
        mode: OpenMode = .create,
        configuration: Configuration = Configuration()
    ) throws(DatabaseError) {
        database = try Database(path, in: container, mode: mode, configuration: configuration)
    }

    /// Runs `body` with the connection, without a transaction.
    public func inDatabase<Value>(_ body: (Database) throws -> Value) rethrows -> Value {
        try lock.withLock { try body(database) }
    }

    /// Runs `body` in a deferred transaction that is rolled back at the end: it sees one
    /// consistent state of the database, and changes nothing.
    ///
    /// - Throws: what `body` throws, or ``DatabaseError``.
    public func read<Value>(_ body: (Database) throws -> Value) throws -> Value {
        try lock.withLock { try database.readTransaction(body) }
    }

    /// Runs `body` in an immediate transaction: committed when it returns, rolled back when it throws.
    ///
    /// - Throws: what `body` throws, or ``DatabaseError``.
    @discardableResult
    public func write<Value>(_ body: (Database) throws -> Value) throws -> Value {
        try lock.withLock { try database.transaction(.immediate, body) }
    }

    /// ``read(_:)`` from a task, on a thread outside Swift's cooperative pool.
    public func read<Value: Sendable>(_ body: @escaping @Sendable (Database) throws -> Value) async throws -> Value {
        try await runBlocking { try self.read(body) }
    }

    /// ``write(_:)`` from a task, on a thread outside Swift's cooperative pool.
    @discardableResult
    public func write<Value: Sendable>(_ body: @escaping @Sendable (Database) throws -> Value) async throws -> Value {
        try await runBlocking { try self.write(body) }
    }

    /// Closes the connection; see ``Database/close()``.
    public func close() throws(DatabaseError) {
        try lock.withLock { () throws(DatabaseError) in try database.close() }
    }
}
