import FolioCore
import Foundation

/// Decodes a value from one column of a row: a ``DatabaseValueConvertible`` type directly, a
/// type that decodes a single value (an enum with raw values) through a single-value container,
/// and any other `Decodable` type as JSON text.
struct ColumnDecoder: Decoder, SingleValueDecodingContainer {
    let row: Row
    let index: Int
    let codingPath: [any CodingKey]

    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// Thrown when a type wants a keyed or unkeyed container from a single column; ``decode(_:)``
    /// answers it by decoding the column's text as JSON.
    struct NeedsStructure: Error, CustomStringConvertible {
        let column: String
        var description: String {
            "column \(column) holds a single value, but the type needs a keyed or unkeyed container"
        }
    }

    private var columnName: String {
        let names = row.columnNames
        return index < names.count ? names[index] : "column\(index + 1)"
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        throw NeedsStructure(column: columnName)
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw NeedsStructure(column: columnName)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        self
    }

    func decodeNil() -> Bool {
        row.isNull(at: index)
    }

    func decode(_ type: Bool.Type) throws -> Bool { try row.value(at: index) }
    func decode(_ type: String.Type) throws -> String { try row.value(at: index) }
    func decode(_ type: Double.Type) throws -> Double { try row.value(at: index) }
    func decode(_ type: Float.Type) throws -> Float { try row.value(at: index) }
    func decode(_ type: Int.Type) throws -> Int { try row.value(at: index) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer() }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer() }
    func decode(_ type: Int32.Type) throws -> Int32 { try row.value(at: index) }
    func decode(_ type: Int64.Type) throws -> Int64 { try row.value(at: index) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer() }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer() }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer() }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer() }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer() }

    /// The column as an integer type, which must hold the stored `INTEGER` exactly.
    func integer<Value: FixedWidthInteger>() throws(DatabaseError) -> Value {
        let stored: Int64 = try row.value(at: index)
        guard let value = Value(exactly: stored) else {
            throw row.statement.mismatch(.integer(stored), column: index, expected: Value.self, operation: "decode")
        }
        return value
    }

    func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
        if let convertible = Value.self as? any DatabaseValueConvertible.Type {
            let stored = row[index]
            guard let value = convertible.fromDatabaseValue(stored) as? Value else {
                throw row.statement.mismatch(stored, column: index, expected: Value.self, operation: "decode")
            }
            return value
        }
        do {
            return try Value(from: self)
        } catch is NeedsStructure {
            return try decodeJSON(Value.self)
        }
    }

    /// The column's text (or BLOB) decoded as JSON.
    private func decodeJSON<Value: Decodable>(_ type: Value.Type) throws(DatabaseError) -> Value {
        let stored = row[index]
        let data: Data
        switch stored {
        case .text(let text): data = Data(text.utf8)
        case .blob(let blob): data = blob
        default: throw row.statement.mismatch(stored, column: index, expected: Value.self, operation: "decode")
        }
        do {
            return try JSONDecoder().decode(Value.self, from: data)
        } catch {
            throw row.statement.failure(
                .typeMismatch,
                "column \(columnName) (index \(index)) does not hold JSON for \(Value.self): "
                    + CodingProblem.describe(error),
                operation: "decode")
        }
    }
}
