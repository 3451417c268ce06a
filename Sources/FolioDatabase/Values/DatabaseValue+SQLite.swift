import CSQLite
import Foundation

extension DatabaseValue {
    /// The value of an `sqlite3_value`.
    @inlinable
    init(sqliteValue value: OpaquePointer?) {
        switch sqlite3_value_type(value) {
        case SQLITE_INTEGER:
            self = .integer(sqlite3_value_int64(value))
        case SQLITE_FLOAT:
            self = .real(sqlite3_value_double(value))
        case SQLITE_TEXT:
            guard let text = sqlite3_value_text(value) else {
                self = .text("")
                return
            }
            let count = Int(sqlite3_value_bytes(value))
            self = .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
        case SQLITE_BLOB:
            guard let bytes = sqlite3_value_blob(value) else {
                self = .blob(Data())
                return
            }
            self = .blob(Data(bytes: bytes, count: Int(sqlite3_value_bytes(value))))
        default:
            self = .null
        }
    }
}

extension DatabaseValue {
    /// Sets the result of an SQL function call to this value.
    ///
    /// The corresponding C functions are `sqlite3_result_*`.
    func setResult(of context: OpaquePointer) {
        switch self {
        case .null:
            sqlite3_result_null(context)
        case .integer(let integer):
            sqlite3_result_int64(context, integer)
        case .real(let real):
            sqlite3_result_double(context, real)
        case .text(var text):
            text.withUTF8 { bytes in
                bytes.withMemoryRebound(to: CChar.self) { characters in
                    guard let base = characters.baseAddress, !characters.isEmpty else {
                        sqlite3_result_text(context, "", 0, folio_sqlite_transient())
                        return
                    }
                    sqlite3_result_text64(
                        context, base, sqlite3_uint64(characters.count), folio_sqlite_transient(), UInt8(SQLITE_UTF8))
                }
            }
        case .blob(let data):
            data.withUnsafeBytes { bytes in
                if let base = bytes.baseAddress, !bytes.isEmpty {
                    sqlite3_result_blob64(context, base, sqlite3_uint64(bytes.count), folio_sqlite_transient())
                } else {
                    sqlite3_result_zeroblob(context, 0)
                }
            }
        }
    }
}
