import CSQLite
import Foundation

extension Statement {
    /// The value of column `index` of the current row, as stored.
    ///
    /// The column is fetched once (`sqlite3_column_value`) and its type and contents read from
    /// that: one library call that locks and checks the statement instead of two or three. The
    /// value is unprotected in SQLite's terms, which is safe because a connection and its
    /// statements are only ever used by one thread at a time.
    @inlinable
    func columnValue(_ index: Int32) -> DatabaseValue {
        let value = sqlite3_column_value(pointer, index)
        switch sqlite3_value_type(value) {
        case SQLITE_INTEGER:
            return .integer(sqlite3_value_int64(value))
        case SQLITE_FLOAT:
            return .real(sqlite3_value_double(value))
        case SQLITE_TEXT:
            guard let text = sqlite3_value_text(value) else { return .text("") }
            let count = Int(sqlite3_value_bytes(value))
            return .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
        case SQLITE_BLOB:
            guard let bytes = sqlite3_value_blob(value) else { return .blob(Data()) }
            return .blob(Data(bytes: bytes, count: Int(sqlite3_value_bytes(value))))
        default:
            return .null
        }
    }

    /// The error for a column index out of range.
    @usableFromInline
    @inline(never)
    func noSuchColumn(_ index: Int) -> DatabaseError {
        failure(.outOfRange, "there is no column \(index); the row has \(columnCount)", operation: "read column")
    }

    /// The error for a stored value that cannot be read as `expected`.
    @usableFromInline
    @inline(never)
    func mismatch(
        _ stored: DatabaseValue,
        column index: Int,
        expected: Any.Type,
        operation: String
    ) -> DatabaseError {
        let names = columnNames
        let name = index < names.count ? names[index] : "column\(index + 1)"
        let shown: String
        switch stored {
        case .null: shown = "NULL"
        case .blob(let data): shown = "a BLOB of \(data.count) bytes"
        case .text(let text):
            shown = "TEXT " + SQL.quote(text.count > 40 ? String(text.prefix(40)) + "…" : text)
        case .integer, .real: shown = "\(stored.storageClass) \(stored)"
        }
        return failure(
            .typeMismatch, "column \(name) (index \(index)) holds \(shown), which is not a \(expected)",
            operation: operation)
    }
}
