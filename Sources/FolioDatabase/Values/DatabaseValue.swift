import Foundation

/// A value as SQLite stores it: one of its five storage classes.
///
/// ```swift
/// let value: DatabaseValue = row[1]      // .real(14.23)
/// ```
public enum DatabaseValue: Sendable, Hashable, CustomStringConvertible {
    /// SQL `NULL`.
    case null
    /// A signed 64-bit integer (`INTEGER`).
    case integer(Int64)
    /// An IEEE 754 double (`REAL`).
    case real(Double)
    /// UTF-8 text (`TEXT`).
    case text(String)
    /// Bytes stored exactly as given (`BLOB`).
    case blob(Data)

    /// Whether the value is SQL `NULL`.
    @inlinable
    public var isNull: Bool {
        if case .null = self {
            return true
        }
        return false
    }

    /// The storage class's name as SQLite's `typeof()` reports it: `null`, `integer`, `real`,
    /// `text` or `blob`.
    public var storageClass: StorageClass {
        switch self {
        case .null: .null
        case .integer: .integer
        case .real: .real
        case .text: .text
        case .blob: .blob
        }
    }

    /// The value as SQL would show it: `NULL`, `42`, `14.23`, `2.0`, `'text'`, `x'0A0B'` (a REAL
    /// as ``realText(_:)`` writes it).
    public var description: String {
        switch self {
        case .null: "NULL"
        case .integer(let value): String(value)
        case .real(let value): DatabaseValue.realText(value)
        case .text(let value): SQL.quote(value)
        case .blob(let data):
            "x'"
                + data.map { byte in String(byte, radix: 16, uppercase: true) }
                .map { $0.count == 1 ? "0" + $0 : $0 }.joined() + "'"
        }
    }

    /// One of SQLite's storage classes.
    public enum StorageClass: String, Sendable, Hashable, CustomStringConvertible {
        /// `NULL`.
        case null
        /// `INTEGER`.
        case integer
        /// `REAL`.
        case real
        /// `TEXT`.
        case text
        /// `BLOB`.
        case blob

        /// The name in capitals, as in SQL: `INTEGER`.
        public var description: String { rawValue.uppercased() }
    }
}
