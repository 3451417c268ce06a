/// How a ``Database`` connection is set up when it opens.
///
/// The defaults suit an application's own database: write-ahead logging, a five second busy
/// timeout, foreign keys enforced, and double-quoted strings refused in SQL (so `"GOOG"` is an
/// identifier, never silently a string).
///
/// ```swift
/// var configuration = Configuration()
/// configuration.busyTimeout = .seconds(30)
/// let db = try Database(path: "/var/lib/app/data.db", configuration: configuration)
/// ```
public struct Configuration: Sendable {
    /// How long a statement waits for another connection's lock before failing with
    /// ``DatabaseError/Code/busy``. The corresponding C function is `sqlite3_busy_timeout`.
    public var busyTimeout: Duration = .seconds(5)
    /// The journal mode set on read-write file databases; nil leaves the file's mode alone.
    /// Read-only and in-memory connections never change it.
    public var journalMode: JournalMode? = .wal
    /// Whether `FOREIGN KEY` constraints are enforced (`PRAGMA foreign_keys`).
    public var foreignKeys = true
    /// How many prepared statements ``Database/cachedStatement(_:)`` keeps.
    public var statementCacheCapacity = 64
    /// Called once on every new connection, after it is configured: register functions, set
    /// pragmas. ``DatabaseQueue`` and ``DatabasePool`` call it for each connection they open.
    public var prepareDatabase: (@Sendable (Database) throws -> Void)?

    /// The default configuration.
    public init() {}
}

/// Whether a connection may write, and whether opening creates a missing database.
public enum OpenMode: Sendable, Hashable {
    /// Read and write; a missing database file is created (mode 0600).
    case create
    /// Read and write an existing database; a missing file is an error.
    case readWrite
    /// Read only: every write fails with ``DatabaseError/Code/readOnly``.
    case readOnly

    /// Whether the mode allows writes.
    public var isWritable: Bool { self != .readOnly }
}

/// How SQLite keeps a transaction's changes recoverable (`PRAGMA journal_mode`).
public enum JournalMode: String, Sendable, Hashable {
    /// A rollback journal deleted at commit (SQLite's default).
    case delete
    /// A rollback journal truncated at commit.
    case truncate
    /// A rollback journal whose header is zeroed at commit.
    case persist
    /// The journal in memory: a crash can corrupt the database.
    case memory
    /// Write-ahead logging: readers never block the writer nor the writer the readers.
    case wal
    /// No journal: no rollback, and a crash can corrupt the database.
    case off
}
