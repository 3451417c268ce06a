import CSQLite
import Foundation

extension Statement {
    /// The value of column `index` of the current row, as stored.
    ///
    /// The corresponding C functions are `sqlite3_column_type` and `sqlite3_column_*`.
    @inlinable
    func columnValue(_ index: Int32) -> DatabaseValue {
        switch sqlite3_column_type(pointer, index) {
        case SQLITE_INTEGER:
            return .integer(sqlite3_column_int64(pointer, index))
        case SQLITE_FLOAT:
            return .real(sqlite3_column_double(pointer, index))
        case SQLITE_TEXT:
            return .text(columnText(index))
        case SQLITE_BLOB:
            return .blob(columnBlob(index))
        default:
            return .null
        }
    }

    /// The text of column `index`; invalid UTF-8 is repaired with U+FFFD.
    @inlinable
    func columnText(_ index: Int32) -> String {
        guard let text = sqlite3_column_text(pointer, index) else { return "" }
        let count = Int(sqlite3_column_bytes(pointer, index))
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }

    /// The bytes of column `index`.
    @inlinable
    func columnBlob(_ index: Int32) -> Data {
        guard let bytes = sqlite3_column_blob(pointer, index) else { return Data() }
        return Data(bytes: bytes, count: Int(sqlite3_column_bytes(pointer, index)))
    }

    /// The error for a stored value that cannot be read as `expected`.
    @usableFromInline
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
