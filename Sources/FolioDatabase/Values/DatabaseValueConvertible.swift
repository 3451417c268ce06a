import Foundation

/// A Swift type that is stored as one SQLite value: bound to parameters, read from columns,
/// passed to and returned from SQL functions.
///
/// Folio provides it for `Int`, `Int64`, `Int32`, `Double`, `Float`, `Bool`, `String`, `Data`,
/// `Date`, ``DatabaseValue`` and optionals of them. Conversions are strict: a `TEXT` column is
/// never read as a number, and `NULL` only as an optional. A `RawRepresentable` type (an enum
/// with `String` or `Int` raw values) gets the conformance by declaring it:
///
/// ```swift
/// enum Exchange: String, DatabaseValueConvertible { case nyse, nasdaq }
/// ```
public protocol DatabaseValueConvertible {
    /// The value to store.
    var databaseValue: DatabaseValue { get }
    /// The Swift value for a stored value, or nil when it cannot represent it (a type mismatch).
    static func fromDatabaseValue(_ value: DatabaseValue) -> Self?
}

extension DatabaseValue: DatabaseValueConvertible {
    /// The value itself.
    @inlinable
    public var databaseValue: DatabaseValue { self }

    /// The value itself.
    @inlinable
    public static func fromDatabaseValue(_ value: DatabaseValue) -> DatabaseValue? { value }
}

extension Int64: DatabaseValueConvertible {
    /// An `INTEGER`.
    @inlinable
    public var databaseValue: DatabaseValue { .integer(self) }

    /// An `INTEGER`.
    @inlinable
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Int64? {
        if case .integer(let integer) = value {
            return integer
        }
        return nil
    }
}

extension Int: DatabaseValueConvertible {
    /// An `INTEGER`.
    @inlinable
    public var databaseValue: DatabaseValue { .integer(Int64(self)) }

    /// An `INTEGER`.
    @inlinable
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Int? {
        if case .integer(let integer) = value {
            return Int(exactly: integer)
        }
        return nil
    }
}

extension Int32: DatabaseValueConvertible {
    /// An `INTEGER`.
    @inlinable
    public var databaseValue: DatabaseValue { .integer(Int64(self)) }

    /// An `INTEGER` that fits in 32 bits.
    @inlinable
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Int32? {
        if case .integer(let integer) = value {
            return Int32(exactly: integer)
        }
        return nil
    }
}

extension Double: DatabaseValueConvertible {
    /// A `REAL` (SQLite stores NaN as `NULL`).
    @inlinable
    public var databaseValue: DatabaseValue { .real(self) }

    /// A `REAL`, or an `INTEGER` converted.
    @inlinable
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Double? {
        switch value {
        case .real(let real): real
        case .integer(let integer): Double(integer)
        default: nil
        }
    }
}

extension Float: DatabaseValueConvertible {
    /// A `REAL`.
    @inlinable
    public var databaseValue: DatabaseValue { .real(Double(self)) }

    /// A `REAL` or `INTEGER`, rounded to the nearest `Float`.
    @inlinable
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Float? {
        Double.fromDatabaseValue(value).map { Float($0) }
    }
}

extension Bool: DatabaseValueConvertible {
    /// `INTEGER` 1 or 0.
    @inlinable
    public var databaseValue: DatabaseValue { .integer(self ? 1 : 0) }

    /// An `INTEGER`: 0 is false, anything else true.
    @inlinable
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Bool? {
        if case .integer(let integer) = value {
            return integer != 0
        }
        return nil
    }
}

extension String: DatabaseValueConvertible {
    /// `TEXT`.
    @inlinable
    public var databaseValue: DatabaseValue { .text(self) }

    /// `TEXT` only.
    @inlinable
    public static func fromDatabaseValue(_ value: DatabaseValue) -> String? {
        if case .text(let text) = value {
            return text
        }
        return nil
    }
}

extension Data: DatabaseValueConvertible {
    /// A `BLOB`; an empty `Data` is an empty BLOB, not `NULL`.
    @inlinable
    public var databaseValue: DatabaseValue { .blob(self) }

    /// A `BLOB`, or the UTF-8 bytes of `TEXT`.
    @inlinable
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Data? {
        switch value {
        case .blob(let data): data
        case .text(let text): Data(text.utf8)
        default: nil
        }
    }
}

extension Optional: DatabaseValueConvertible where Wrapped: DatabaseValueConvertible {
    /// The wrapped value, or `NULL`.
    @inlinable
    public var databaseValue: DatabaseValue {
        switch self {
        case .some(let wrapped): wrapped.databaseValue
        case .none: .null
        }
    }

    /// nil for `NULL`, else the wrapped type's conversion.
    @inlinable
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Wrapped?? {
        if case .null = value {
            return .some(nil)
        }
        return Wrapped.fromDatabaseValue(value).map { .some($0) }
    }
}

extension DatabaseValueConvertible where Self: RawRepresentable, RawValue: DatabaseValueConvertible {
    /// The raw value.
    public var databaseValue: DatabaseValue { rawValue.databaseValue }

    /// The case whose raw value is stored, or nil when there is none.
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Self? {
        RawValue.fromDatabaseValue(value).flatMap { Self(rawValue: $0) }
    }
}
