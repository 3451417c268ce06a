import CSQLite

/// A prepared SQL statement: compiled once, run many times with different values.
///
/// Values are always bound, never spliced into the SQL text. Parameters are positional (`?`,
/// `?NNN`) or named (`:name`, `@name`, `$name`):
///
/// ```swift
/// let insert = try db.prepare("INSERT INTO stocks VALUES (?, ?, ?, ?)")
/// try insert.execute("ALU", 14.23, 100, "03-17-2007")
/// try insert.execute("GOOG", 600.77, 20, "01-09-2007")
///
/// let query = try db.prepare("SELECT symbol, unitsPurchased FROM stocks WHERE purchasePrice > :price")
/// try query.bind(["price": 20.0])
/// try query.forEachRow { row in
///     print(try row.value(at: 0) as String, try row.value(named: "unitsPurchased") as Int)
/// }
/// ```
///
/// Like its ``Database``, a statement is not `Sendable`. It keeps its connection open until it
/// is released. The corresponding C type is `sqlite3_stmt`.
public final class Statement {
    /// The compiled statement.
    @usableFromInline let pointer: OpaquePointer
    /// The connection, kept open as long as this statement lives.
    @usableFromInline let connection: ConnectionHandle
    /// The statement's SQL text.
    public let sql: String
    /// The number of parameters, the largest index of `?NNN` when those are used.
    public let parameterCount: Int
    /// Changes whenever the statement moves to another row or is reset; a ``Row`` made for one
    /// row refuses to be read after the statement has moved on.
    @usableFromInline var generation: UInt = 0
    /// The number of result columns, updated when SQLite recompiles the statement.
    @usableFromInline var columnCountStorage: Int32
    /// Whether the statement has been stepped since it was last reset.
    @usableFromInline var isStarted = false
    /// Counts the runs started by ``rows()``, so a stale ``RowCursor`` cannot touch a newer run.
    @usableFromInline var executionCount: UInt = 0
    /// How many times SQLite had recompiled the statement when the column names were read.
    private var namesRecompilation: Int32 = -1
    private var names: [String] = []
    private var indexByName: [String: Int] = [:]
    /// Column indexes found for ``RowDecoder`` keys, by the order in which a type asks for them.
    var decodingOrder: [Int] = []
    /// Where the current decoding is in ``decodingOrder``.
    var decodingPosition = 0

    init(pointer: OpaquePointer, connection: ConnectionHandle) {
        self.pointer = pointer
        self.connection = connection
        sql = sqlite3_sql(pointer).map { String(cString: $0) } ?? ""
        parameterCount = Int(sqlite3_bind_parameter_count(pointer))
        columnCountStorage = sqlite3_column_count(pointer)
    }

    deinit {
        sqlite3_finalize(pointer)
    }

    /// The number of columns in each result row; 0 for a statement that returns no rows.
    @inlinable
    public var columnCount: Int { Int(columnCountStorage) }

    /// The names of the result columns, as SQLite reports them (the `AS` name when there is one).
    public var columnNames: [String] {
        refreshNames()
        return names
    }

    /// The index of the result column called `name` (exactly, else ignoring ASCII case), if any.
    public func columnIndex(named name: String) -> Int? {
        refreshNames()
        if let index = indexByName[name] {
            return index
        }
        return indexByName[name.lowercased()]
    }

    /// Whether the statement leaves the database unchanged (a `SELECT`, most `PRAGMA`s).
    /// The corresponding C function is `sqlite3_stmt_readonly`.
    public var isReadOnly: Bool { sqlite3_stmt_readonly(pointer) != 0 }

    /// The name of parameter `index` (1-based) with its prefix (`:price`), or nil for a `?`.
    public func parameterName(at index: Int) -> String? {
        sqlite3_bind_parameter_name(pointer, Int32(index)).map { String(cString: $0) }
    }

    /// Whether column `index` is called exactly `name` (names as last read).
    @inline(__always)
    func columnNameMatches(_ index: Int, _ name: String) -> Bool {
        index < names.count && names[index] == name
    }

    /// Reads the column names again when SQLite has recompiled the statement since (a schema
    /// change can change what `SELECT *` returns).
    func refreshNames() {
        let recompilations = sqlite3_stmt_status(pointer, SQLITE_STMTSTATUS_REPREPARE, 0)
        guard recompilations != namesRecompilation else { return }
        namesRecompilation = recompilations
        columnCountStorage = sqlite3_column_count(pointer)
        names = (0..<columnCountStorage).map { index in
            sqlite3_column_name(pointer, index).map { String(cString: $0) } ?? "column\(index + 1)"
        }
        indexByName = [:]
        for (index, name) in names.enumerated().reversed() {
            indexByName[name] = index
        }
        for (index, name) in names.enumerated().reversed() where indexByName[name.lowercased()] == nil {
            indexByName[name.lowercased()] = index
        }
        decodingOrder = []
    }

    /// The error for a failed call on this statement.
    @usableFromInline
    func error(_ result: Int32, operation: String) -> DatabaseError {
        connection.error(result, sql: sql, operation: operation)
    }

    /// An error FolioDatabase detects itself about this statement.
    @usableFromInline
    func failure(_ code: DatabaseError.Code, _ message: String, operation: String) -> DatabaseError {
        DatabaseError(code, message: message, sql: sql, operation: operation, subject: connection.name)
    }
}
