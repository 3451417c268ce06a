import CSQLite
import Foundation

/// The current row of a running statement: read its columns by index or by name, or decode it.
///
/// A row is a view, not a copy: reading a column reads it from SQLite directly. It is valid only
/// until its statement moves on (the next row, a reset); reading it after that stops the program
/// with a message, since it would otherwise show another row's values. Keep values, a decoded
/// type, or a ``snapshot()``.
///
/// ```swift
/// try db.execute("SELECT * FROM stocks") { row in
///     let symbol: String = try row.value(named: "symbol")
///     let price: Double = try row.value(at: 1)
///     print(symbol, price, row[3])
///     return .continue
/// }
/// ```
public struct Row {
    /// The statement whose current row this is.
    @usableFromInline let statement: Statement
    /// The statement's generation when this row was current.
    @usableFromInline let generation: UInt

    @inlinable
    init(statement: Statement) {
        self.statement = statement
        self.generation = statement.generation
    }

    /// The number of columns.
    @inlinable
    public var count: Int { statement.columnCount }

    /// The column names, in order.
    public var columnNames: [String] { statement.columnNames }

    /// The value of column `index` as stored.
    ///
    /// - Precondition: `index` is in `0..<count`.
    @inlinable
    public subscript(index: Int) -> DatabaseValue {
        checkCurrent()
        precondition(index >= 0 && index < count, "column index \(index) out of range 0..<\(count)")
        return statement.columnValue(Int32(index))
    }

    /// The value of the column called `name`, or nil when there is no such column.
    public subscript(name: String) -> DatabaseValue? {
        checkCurrent()
        return statement.columnIndex(named: name).map { statement.columnValue(Int32($0)) }
    }

    /// The value of column `index` as `Value`.
    ///
    /// ```swift
    /// let units: Int = try row.value(at: 2)
    /// ```
    /// - Throws: ``DatabaseError`` `.typeMismatch` when the stored value cannot be a `Value`
    ///   (`NULL` for a non-optional, text for a number), naming the column and the SQL;
    ///   `.outOfRange` for a bad index.
    @inlinable
    public func value<Value: DatabaseValueConvertible>(
        at index: Int,
        as type: Value.Type = Value.self
    ) throws(DatabaseError) -> Value {
        checkCurrent()
        guard index >= 0 && index < count else {
            throw statement.noSuchColumn(index)
        }
        let stored = statement.columnValue(Int32(index))
        guard let value = Value.fromDatabaseValue(stored) else {
            throw statement.mismatch(stored, column: index, expected: Value.self, operation: "read column")
        }
        return value
    }

    /// The value of the column called `name` (exactly, else ignoring case) as `Value`.
    ///
    /// - Throws: ``DatabaseError`` `.outOfRange` when there is no such column, `.typeMismatch`
    ///   when the stored value cannot be a `Value`.
    public func value<Value: DatabaseValueConvertible>(
        named name: String,
        as type: Value.Type = Value.self
    ) throws(DatabaseError) -> Value {
        guard let index = statement.columnIndex(named: name) else {
            throw statement.failure(
                .outOfRange, "there is no column named \(name) (columns: \(columnNames.joined(separator: ", ")))",
                operation: "read column")
        }
        return try value(at: index)
    }

    /// Whether column `index` is `NULL`.
    @inlinable
    public func isNull(at index: Int) -> Bool {
        checkCurrent()
        precondition(index >= 0 && index < count, "column index \(index) out of range 0..<\(count)")
        return sqlite3_value_type(sqlite3_column_value(statement.pointer, Int32(index))) == SQLITE_NULL
    }

    /// The storage class of column `index`'s value in this row, without reading the value.
    ///
    /// - Precondition: `index` is in `0..<count`.
    public func storageClass(at index: Int) -> DatabaseValue.StorageClass {
        checkCurrent()
        precondition(index >= 0 && index < count, "column index \(index) out of range 0..<\(count)")
        switch sqlite3_value_type(sqlite3_column_value(statement.pointer, Int32(index))) {
        case SQLITE_INTEGER: return .integer
        case SQLITE_FLOAT: return .real
        case SQLITE_TEXT: return .text
        case SQLITE_BLOB: return .blob
        default: return .null
        }
    }

    /// The size in bytes of column `index`'s BLOB (or its text in UTF-8), without copying it:
    /// what to show for a value too large to read whole.
    ///
    /// - Precondition: `index` is in `0..<count`.
    public func byteCount(at index: Int) -> Int {
        checkCurrent()
        precondition(index >= 0 && index < count, "column index \(index) out of range 0..<\(count)")
        let value = sqlite3_column_value(statement.pointer, Int32(index))
        switch sqlite3_value_type(value) {
        case SQLITE_BLOB, SQLITE_TEXT: return Int(sqlite3_value_bytes(value))
        default: return 0
        }
    }

    /// At most the first `maxLength` bytes of column `index`'s BLOB (or its text in UTF-8),
    /// copying no more than that; empty for other values.
    ///
    /// - Precondition: `index` is in `0..<count`.
    public func bytes(at index: Int, upTo maxLength: Int) -> Data {
        checkCurrent()
        precondition(index >= 0 && index < count, "column index \(index) out of range 0..<\(count)")
        let value = sqlite3_column_value(statement.pointer, Int32(index))
        switch sqlite3_value_type(value) {
        case SQLITE_BLOB:
            guard let bytes = sqlite3_value_blob(value) else { return Data() }
            return Data(bytes: bytes, count: min(maxLength, Int(sqlite3_value_bytes(value))))
        case SQLITE_TEXT:
            guard let text = sqlite3_value_text(value) else { return Data() }
            return Data(bytes: text, count: min(maxLength, Int(sqlite3_value_bytes(value))))
        default:
            return Data()
        }
    }

    /// A copy of the row that stays valid after the statement moves on.
    public func snapshot() -> RowSnapshot {
        checkCurrent()
        return RowSnapshot(columns: columnNames, values: (0..<count).map { statement.columnValue(Int32($0)) })
    }

    /// Stops the program when the statement has moved past this row.
    @inlinable
    func checkCurrent() {
        precondition(
            generation == statement.generation,
            "a Row was read after its statement moved on; keep row.snapshot() or the values instead")
    }
}

/// The columns and values of one row, copied out of the statement; `Sendable`.
public struct RowSnapshot: Sendable, Hashable {
    /// The column names, in order.
    public var columns: [String]
    /// The values, in column order.
    public var values: [DatabaseValue]

    /// Makes a snapshot from names and values of the same length.
    public init(columns: [String], values: [DatabaseValue]) {
        self.columns = columns
        self.values = values
    }

    /// The value of the column called `name`, or nil when there is none.
    public subscript(name: String) -> DatabaseValue? {
        columns.firstIndex(of: name).map { values[$0] }
    }
}
