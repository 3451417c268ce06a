import CSQLite
import FolioCore
import FolioSystem

/// A connection to an SQLite database.
///
/// A `Database` is not `Sendable`: Swift refuses to share one connection between threads or tasks,
/// so two of them can never use it at once by mistake. To use a database from several threads,
/// use a ``DatabaseQueue`` (one connection, one user at a time) or a ``DatabasePool`` (one writer
/// and concurrent readers in WAL mode); both are `Sendable`.
///
/// ```swift
/// let db = try Database(path: "financial.db")
/// try db.execute("""
///     CREATE TABLE stocks (symbol VARCHAR(5), purchasePrice FLOAT(10,4),
///                          unitsPurchased INTEGER, purchase_date VARCHAR(10))
///     """)
/// try db.execute("INSERT INTO stocks VALUES (?, ?, ?, ?)", "ALU", 14.23, 100, "03-17-2007")
/// let stocks = try db.fetchAll(Stock.self, "SELECT * FROM stocks")
/// try db.close()
/// ```
///
/// A connection opens with the ``Configuration``'s settings: WAL journal mode, a busy timeout,
/// foreign keys on. The connection closes when the value and every ``Statement`` made from it are
/// gone, or with ``close()``, which reports errors.
public final class Database {
    /// The connection's handle, shared with its statements.
    @usableFromInline let connection: ConnectionHandle
    /// The configuration the connection was opened with.
    public let configuration: Configuration
    /// The open mode.
    public let mode: OpenMode
    /// Prepared statements kept for ``cachedStatement(_:)``.
    var statementCache: StatementCache

    /// The database as given when opening it: a container path, a file path, or `:memory:`.
    public var name: String { connection.name }

    /// Opens (or creates) the database file at `path`, anywhere in the file system.
    ///
    /// A database created here gets mode 0600. To confine a database to a Folio container, use
    /// ``init(_:in:mode:configuration:)`` instead.
    /// - Parameters:
    ///   - path: the file; `:memory:` opens a private in-memory database.
    ///   - mode: whether to create, write or only read.
    ///   - configuration: how to set the connection up.
    /// - Throws: ``DatabaseError``: `.cannotOpen` when the file cannot be opened, `.notADatabase`
    ///   for a file that is not an SQLite database.
    public convenience init(
        path: String,
        mode: OpenMode = .create,
        configuration: Configuration = Configuration()
    ) throws(DatabaseError) {
        if mode == .create && path != ":memory:" && !path.isEmpty {
            try Database.createPrivateFile(path)
        }
        try self.init(opening: path, mode: mode, fileSystem: nil, name: path, configuration: configuration)
    }

    /// Opens a new, private in-memory database; it disappears when the connection closes.
    ///
    /// - Throws: ``DatabaseError`` when SQLite cannot allocate it or `prepareDatabase` fails.
    public static func inMemory(configuration: Configuration = Configuration()) throws(DatabaseError) -> Database {
        try Database(path: ":memory:", mode: .create, configuration: configuration)
    }

    /// Opens `path` with SQLite (through `fileSystem`, the confined VFS, when given), configures
    /// the connection, and checks that it is a database.
    init(
        opening path: String,
        mode: OpenMode,
        fileSystem: ConfinedFileSystem?,
        name: String,
        configuration: Configuration
    ) throws(DatabaseError) {
        SQLiteLibrary.prepare()
        // No SQLITE_OPEN_URI: a name is a file name, never a URI.
        var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        switch mode {
        case .create: flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        case .readWrite: flags |= SQLITE_OPEN_READWRITE
        case .readOnly: flags |= SQLITE_OPEN_READONLY
        }
        if fileSystem != nil {
            flags |= SQLITE_OPEN_NOFOLLOW
        }
        var pointer: OpaquePointer?
        let result = sqlite3_open_v2(path, &pointer, flags, fileSystem?.name)
        guard result == SQLITE_OK, let pointer else {
            var message = pointer.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(result))
            let extended = pointer.map { sqlite3_extended_errcode($0) } ?? result
            if let pointer, sqlite3_system_errno(pointer) != 0 {
                message += ": " + Errno(sqlite3_system_errno(pointer)).description
            }
            sqlite3_close_v2(pointer)
            throw DatabaseError(
                DatabaseError.Code(rawValue: result), extendedCode: DatabaseError.Code(rawValue: extended),
                message: message, operation: "open database", subject: name)
        }
        let authorizer = Authorizer(confinement: fileSystem)
        authorizer.install(on: pointer)
        connection = ConnectionHandle(pointer: pointer, fileSystem: fileSystem, authorizer: authorizer, name: name)
        self.configuration = configuration
        self.mode = mode
        statementCache = StatementCache(capacity: configuration.statementCacheCapacity)
        try configure(isMemory: path == ":memory:" || path.isEmpty)
    }

    /// Applies the configuration and reads the schema, so a file that is not a database fails
    /// here with a clear error rather than at the first query.
    private func configure(isMemory: Bool) throws(DatabaseError) {
        let pointer = try connection.open("open database")
        sqlite3_busy_timeout(pointer, Int32(clamping: configuration.busyTimeout.wholeMilliseconds))
        sqlite3_extended_result_codes(pointer, 1)
        var ignored: Int32 = 0
        folio_sqlite3_db_config_flag(pointer, SQLITE_DBCONFIG_DQS_DML, 0, &ignored)
        folio_sqlite3_db_config_flag(pointer, SQLITE_DBCONFIG_DQS_DDL, 0, &ignored)
        // No native code from SQL: no extensions, no tokenizer given as a pointer.
        folio_sqlite3_db_config_flag(pointer, SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 0, &ignored)
        folio_sqlite3_db_config_flag(pointer, SQLITE_DBCONFIG_ENABLE_FTS3_TOKENIZER, 0, &ignored)
        // A file from elsewhere is not trusted: its views, triggers and defaults call only
        // functions without side effects, and SQL cannot rewrite the schema or virtual tables'
        // shadow tables (SQLite's own advice for databases of unknown origin).
        folio_sqlite3_db_config_flag(pointer, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, &ignored)
        folio_sqlite3_db_config_flag(pointer, SQLITE_DBCONFIG_DEFENSIVE, 1, &ignored)
        do {
            try checkIsDatabase()
            try execute("PRAGMA foreign_keys = \(configuration.foreignKeys ? "ON" : "OFF")")
            if let journalMode = configuration.journalMode, mode.isWritable, !isMemory {
                try execute("PRAGMA journal_mode = \(journalMode.rawValue)")
            }
            try runPrepareDatabase()
        } catch {
            var error = error
            error.operation = "open database"
            error.subject = name
            statementCache.removeAll()
            connection.discard()
            throw error
        }
    }

    /// Reads the schema, which fails for a file that is not a database or is damaged.
    private func checkIsDatabase() throws(DatabaseError) {
        do {
            try execute("SELECT count(*) FROM sqlite_schema")
        } catch {
            // The check's SQL says nothing to the user; SQLite's message says what is wrong.
            var error = error
            error.sql = nil
            throw error
        }
    }

    /// Calls the configuration's `prepareDatabase`, if any.
    private func runPrepareDatabase() throws(DatabaseError) {
        guard let prepare = configuration.prepareDatabase else { return }
        do {
            try prepare(self)
        } catch let error as DatabaseError {
            throw error
        } catch {
            throw DatabaseError(
                .error, message: "preparing the connection failed: \(error)", operation: "open database",
                subject: name)
        }
    }

    /// Closes the connection and reports what went wrong.
    ///
    /// Statements in the cache are finalized first. Closing fails, and the connection stays open
    /// and usable, while a ``Statement``, ``Blob`` or row cursor made from it is still alive;
    /// the error lists the statements. After a successful close, every use of the connection
    /// fails with ``DatabaseError/Code/misuse``. The corresponding C function is `sqlite3_close`.
    /// - Throws: ``DatabaseError`` `.busy` naming the statements still alive, or SQLite's error.
    public func close() throws(DatabaseError) {
        statementCache.removeAll()
        try connection.close()
    }

    /// What stops this connection's running statement from another thread (a Ctrl-C handler).
    public var interrupter: DatabaseInterrupter { connection.interrupter }

    /// Whether the connection is open (``close()`` has not succeeded).
    public var isOpen: Bool { connection.pointer != nil }

    /// Whether a transaction is open (SQLite is not in autocommit mode).
    public var isInTransaction: Bool {
        guard let pointer = connection.pointer else { return false }
        return sqlite3_get_autocommit(pointer) == 0
    }

    /// The number of rows the most recent `INSERT`, `UPDATE` or `DELETE` changed, not counting
    /// triggers. The corresponding C function is `sqlite3_changes64`.
    public var changes: Int {
        guard let pointer = connection.pointer else { return 0 }
        return Int(sqlite3_changes64(pointer))
    }

    /// The number of rows changed since the connection opened, including by triggers.
    public var totalChanges: Int {
        guard let pointer = connection.pointer else { return 0 }
        return Int(sqlite3_total_changes64(pointer))
    }

    /// The rowid of the most recent successful `INSERT` into a rowid table.
    public var lastInsertedRowID: Int64 {
        guard let pointer = connection.pointer else { return 0 }
        return sqlite3_last_insert_rowid(pointer)
    }

    /// The version of the SQLite library, e.g. `3.40.1`.
    public static var sqliteVersion: String { String(cString: sqlite3_libversion()) }

    /// Creates a missing file with mode 0600 before SQLite opens it, so that it and its journal
    /// (which SQLite gives the database's mode) are private whatever the umask.
    private static func createPrivateFile(_ path: String) throws(DatabaseError) {
        do {
            let file = try FileDescriptor.open(absolute: path, flags: [.create, .exclusive, .writeOnly, .noFollow])
            try file.setPermissions(0o600)
        } catch  where error.errno == .fileExists {
            // An existing database (or something SQLite will refuse with its own error).
        } catch {
            throw DatabaseError(
                .cannotOpen, message: "cannot create the database file: \(error.errno)", operation: "open database",
                subject: path)
        }
    }
}
