import FolioSandbox
import Foundation

/// One writer and several concurrent readers on one database file in WAL mode: `Sendable`.
///
/// Writes are serialised on one connection; each read borrows a read-only connection of its own,
/// so reads run in parallel with each other and with the write in progress, each seeing the
/// database as of its start (WAL mode gives every read transaction a snapshot).
///
/// ```swift
/// let pool = try DatabasePool(path: "financial.db")
/// try pool.write { db in try db.execute("INSERT INTO stocks VALUES ('NT', 20.23, 140, '02-05-2007')") }
/// let stocks = try pool.read { db in try db.fetchAll(Stock.self, "SELECT * FROM stocks") }
/// ```
///
/// At most `maximumReaderCount` readers exist; a read beyond that waits for one to be free.
/// As with ``DatabaseQueue``, do not keep a ``Database`` after its closure returns, and do not
/// use the pool from inside its own closures.
public final class DatabasePool: @unchecked Sendable {
    // Safety: `writer` is only touched inside `writerLock.withLock`; a reader connection is used
    // by the one thread that took it out of `idleReaders` (under `readersCondition`) until it
    // puts it back.
    private let writer: Database
    private let writerLock = ConnectionLock()
    private let openReader: @Sendable () throws(DatabaseError) -> Database
    private let readersCondition = NSCondition()
    private var idleReaders: [Database] = []
    private var readerCount = 0
    private var isClosed = false
    /// The most readers that exist at once.
    public let maximumReaderCount: Int

    /// Opens (or creates) the database file at `path` in WAL mode.
    ///
    /// - Throws: ``DatabaseError`` as ``Database/init(path:mode:configuration:)`` does, and
    ///   `.misuse` for `:memory:` (each connection would have a database of its own; use a
    ///   ``DatabaseQueue``).
    public convenience init(
        path: String,
        maximumReaderCount: Int = 4,
        configuration: Configuration = Configuration()
    ) throws(DatabaseError) {
        guard path != ":memory:" && !path.isEmpty else {
            throw DatabaseError(
                .misuse, message: "a pool needs a database file; use a DatabaseQueue for an in-memory database",
                operation: "open database", subject: path)
        }
        var configuration = configuration
        configuration.journalMode = .wal
        let writer = try Database(path: path, mode: .create, configuration: configuration)
        self.init(writer: writer, maximumReaderCount: maximumReaderCount) { [configuration] () throws(DatabaseError) in
            try Database(path: path, mode: .readOnly, configuration: configuration)
        }
    }

    /// Opens (or creates) a database confined to a container, in WAL mode; see
    /// ``Database/init(_:in:mode:configuration:)``.
    public convenience init(
        _ path: SandboxPath,
        in container: Container,
        maximumReaderCount: Int = 4,
        configuration: Configuration = Configuration()
    ) throws(DatabaseError) {
        var configuration = configuration
        configuration.journalMode = .wal
        let writer = try Database(path, in: container, mode: .create, configuration: configuration)
        self.init(writer: writer, maximumReaderCount: maximumReaderCount) { [configuration] () throws(DatabaseError) in
            try Database(path, in: container, mode: .readOnly, configuration: configuration)
        }
    }

    private init(
        writer: Database,
        maximumReaderCount: Int,
        openReader: @escaping @Sendable () throws(DatabaseError) -> Database
    ) {
        precondition(maximumReaderCount >= 1, "a pool needs at least one reader")
        self.writer = writer
        self.maximumReaderCount = maximumReaderCount
        self.openReader = openReader
    }

    /// Runs `body` on a reader connection, in a read transaction that sees one consistent state
    /// of the database (the latest committed when it starts), while writes go on.
    ///
    /// - Throws: what `body` throws, or ``DatabaseError`` (a write attempted on the reader fails
    ///   with `.readOnly`).
    public func read<Value>(_ body: (Database) throws -> Value) throws -> Value {
        let reader = try takeReader()
        defer { putBack(reader) }
        return try reader.readTransaction(body)
    }

    /// Runs `body` on the writer in an immediate transaction: committed when it returns, rolled
    /// back when it throws. Writes run one at a time.
    @discardableResult
    public func write<Value>(_ body: (Database) throws -> Value) throws -> Value {
        try writerLock.withLock { try writer.transaction(.immediate, body) }
    }

    /// Runs `body` on the writer without a transaction (for `VACUUM`, or transactions of your own).
    public func writeWithoutTransaction<Value>(_ body: (Database) throws -> Value) rethrows -> Value {
        try writerLock.withLock { try body(writer) }
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

    /// Closes the idle readers and the writer; reads still running close their readers when they end.
    ///
    /// - Throws: ``DatabaseError`` from closing a connection.
    public func close() throws(DatabaseError) {
        readersCondition.lock()
        isClosed = true
        let idle = idleReaders
        idleReaders = []
        readersCondition.unlock()
        for reader in idle {
            try reader.close()
        }
        try writerLock.withLock { () throws(DatabaseError) in try writer.close() }
    }

    /// An idle reader, a new one while there are fewer than the maximum, or the next one put back.
    private func takeReader() throws(DatabaseError) -> Database {
        readersCondition.lock()
        while true {
            if isClosed {
                readersCondition.unlock()
                throw DatabaseError(.misuse, message: "the pool is closed", operation: "read", subject: writer.name)
            }
            if let reader = idleReaders.popLast() {
                readersCondition.unlock()
                return reader
            }
            if readerCount < maximumReaderCount {
                readerCount += 1
                readersCondition.unlock()
                do {
                    return try openReader()
                } catch {
                    readersCondition.lock()
                    readerCount -= 1
                    readersCondition.signal()
                    readersCondition.unlock()
                    throw error
                }
            }
            readersCondition.wait()
        }
    }

    private func putBack(_ reader: Database) {
        readersCondition.lock()
        defer { readersCondition.unlock() }
        if isClosed {
            readerCount -= 1
            // The pool is closing: this reader closes as it is released, with nothing in flight.
            return
        }
        idleReaders.append(reader)
        readersCondition.signal()
    }
}
