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
        DatabaseValue(sqliteValue: sqlite3_column_value(pointer, index))
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
