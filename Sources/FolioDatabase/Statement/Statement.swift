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
    /// The per-run state that every row reads, kept outside the object: reading it through a
    /// pointer spares each column access Swift's dynamic exclusivity check on class properties.
    @usableFromInline let state: UnsafeMutablePointer<StatementState>
    /// How many times SQLite had recompiled the statement when the column names were read.
    private var namesRecompilation: Int32 = -1
    private var indexByName: [String: Int] = [:]

    init(pointer: OpaquePointer, connection: ConnectionHandle) {
        self.pointer = pointer
        self.connection = connection
        sql = sqlite3_sql(pointer).map { Statement.trimmed(String(cString: $0)) } ?? ""
        parameterCount = Int(sqlite3_bind_parameter_count(pointer))
        state = UnsafeMutablePointer<StatementState>.allocate(capacity: 1)
        state.initialize(to: StatementState(columnCount: sqlite3_column_count(pointer)))
    }

    deinit {
        sqlite3_finalize(pointer)
        state.deinitialize(count: 1)
        state.deallocate()
    }

    /// Changes whenever the statement moves to another row or is reset; a ``Row`` made for one
    /// row refuses to be read after the statement has moved on.
    @inlinable
    var generation: UInt {
        get { state.pointee.generation }
        set { state.pointee.generation = newValue }
    }

    /// The number of result columns, updated when SQLite recompiles the statement.
    @inlinable
    var columnCountStorage: Int32 {
        get { state.pointee.columnCount }
        set { state.pointee.columnCount = newValue }
    }

    /// Whether the statement has been stepped since it was last reset.
    @inlinable
    var isStarted: Bool {
        get { state.pointee.isStarted }
        set { state.pointee.isStarted = newValue }
    }

    /// Counts the runs, so a stale ``RowCursor`` cannot touch a newer run.
    @inlinable
    var executionCount: UInt {
        get { state.pointee.executionCount }
        set { state.pointee.executionCount = newValue }
    }

    /// The number of columns in each result row; 0 for a statement that returns no rows.
    @inlinable
    public var columnCount: Int { Int(columnCountStorage) }

    /// The names of the result columns, as SQLite reports them (the `AS` name when there is one).
    public var columnNames: [String] {
        refreshNames()
        return state.pointee.names
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

    /// A statement's text without surrounding white space and its final `;`.
    private static func trimmed(_ sql: String) -> String {
        var text = sql.trimmingSpaces()
        if text.hasSuffix(";") {
            text = text.dropLast().trimmingSpaces()
        }
        return String(text)
    }

    /// Whether column `index` is called exactly `name` (names as last read).
    @inline(__always)
    func columnNameMatches(_ index: Int, _ name: String) -> Bool {
        index < state.pointee.names.count && state.pointee.names[index] == name
    }

    /// Reads the column names again when SQLite has recompiled the statement since (a schema
    /// change can change what `SELECT *` returns).
    func refreshNames() {
        let recompilations = sqlite3_stmt_status(pointer, SQLITE_STMTSTATUS_REPREPARE, 0)
        guard recompilations != namesRecompilation else { return }
        namesRecompilation = recompilations
        columnCountStorage = sqlite3_column_count(pointer)
        let names = (0..<columnCountStorage).map { index in
            sqlite3_column_name(pointer, index).map { String(cString: $0) } ?? "column\(index + 1)"
        }
        state.pointee.names = names
        indexByName = [:]
        for (index, name) in names.enumerated().reversed() {
            indexByName[name] = index
        }
        for (index, name) in names.enumerated().reversed() where indexByName[name.lowercased()] == nil {
            indexByName[name.lowercased()] = index
        }
        state.pointee.decodingOrder = []
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

/// What a ``Statement`` tracks about its current run.
@usableFromInline
struct StatementState {
    @usableFromInline var generation: UInt = 0
    @usableFromInline var columnCount: Int32
    @usableFromInline var isStarted = false
    @usableFromInline var executionCount: UInt = 0
    /// The column names, read again when SQLite recompiles the statement.
    var names: [String] = []
    /// Column indexes found for ``RowDecoder`` keys, by the order in which a type asks for them.
    var decodingOrder: [Int] = []
    /// Where the current decoding is in `decodingOrder`.
    var decodingPosition = 0
    /// Whether the column names were checked against recompilation in this run.
    @usableFromInline var namesAreChecked = false
    /// The decoding container of the type last decoded, reused for every row of a run (see
    /// ``RowDecoder``). It refers to the statement, so ``Statement/reset()`` drops it.
    var keyedContainer: (key: ObjectIdentifier, box: AnyObject)?

    @usableFromInline
    init(columnCount: Int32) {
        self.columnCount = columnCount
    }
}
