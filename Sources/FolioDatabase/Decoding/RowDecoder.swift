import Foundation

/// Decodes a `Decodable` value from a row: keys are column names.
@usableFromInline
struct RowDecoder: Decoder {
    let row: Row

    @usableFromInline
    init(row: Row) {
        self.row = row
    }

    @usableFromInline
    var codingPath: [any CodingKey] { [] }
    @usableFromInline
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// The keyed container for `Key`, made once per statement and key type.
    ///
    /// Making a `KeyedDecodingContainer` looks up generic type metadata and allocates a box,
    /// which would cost more than reading the row itself; since a container reads whatever row
    /// its statement is on, the one made for the first row serves them all.
    @usableFromInline
    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        let statement = row.statement
        let key = ObjectIdentifier(Key.self)
        if let cached = statement.state.pointee.keyedContainer, cached.key == key {
            // The box was made below for this very `Key` type, as the identifier shows.
            return unsafeDowncast(cached.box, to: ContainerBox<KeyedDecodingContainer<Key>>.self).value()
        }
        return RowDecoder.makeContainer(keyedBy: Key.self, for: statement).value()
    }

    /// Makes and keeps the container for `Key` (apart, so that the common path above has no
    /// generic local whose type must be looked up).
    @inline(never)
    private static func makeContainer<Key: CodingKey>(
        keyedBy type: Key.Type,
        for statement: Statement
    ) -> ContainerBox<KeyedDecodingContainer<Key>> {
        let box = ContainerBox(KeyedDecodingContainer(RowKeyedContainer<Key>(statement: statement)))
        statement.state.pointee.keyedContainer = (ObjectIdentifier(Key.self), box)
        return box
    }

    @usableFromInline
    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        RowUnkeyedContainer(row: row)
    }

    @usableFromInline
    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        guard row.count == 1 else {
            throw row.statement.failure(
                .typeMismatch, "a single value needs a row of one column; this row has \(row.count)",
                operation: "decode")
        }
        return ColumnDecoder(row: row, index: 0, codingPath: [])
    }
}

/// Holds a keyed container so a statement can keep it without knowing its key type.
///
/// Generic over the container type itself, so that ``value()`` finds the container's type in the
/// box's own metadata instead of looking `KeyedDecodingContainer<Key>` up for every row.
final class ContainerBox<Container> {
    let container: Container

    init(_ container: Container) {
        self.container = container
    }

    @inline(never)
    func value() -> Container {
        container
    }
}

/// The columns of a statement's current row, by name.
struct RowKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let statement: Statement

    /// The current row: the container is only used while `Row.decode` decodes it.
    private var row: Row { Row(statement: statement) }

    var codingPath: [any CodingKey] { [] }

    var allKeys: [Key] {
        row.columnNames.compactMap { Key(stringValue: $0) }
    }

    func contains(_ key: Key) -> Bool {
        statement.decodingIndex(for: key.stringValue) != nil
    }

    @inline(__always)
    private func index(of key: Key) throws(DatabaseError) -> Int {
        guard let index = statement.decodingIndex(for: key.stringValue) else {
            throw statement.failure(
                .outOfRange,
                "there is no column named \(key.stringValue) (columns: \(row.columnNames.joined(separator: ", ")))",
                operation: "decode")
        }
        return index
    }

    @inline(__always)
    private func value<Value: DatabaseValueConvertible>(_ key: Key) throws(DatabaseError) -> Value {
        try statement.decodeColumn(at: index(of: key))
    }

    @inline(__always)
    private func optionalValue<Value: DatabaseValueConvertible>(_ key: Key) throws(DatabaseError) -> Value? {
        guard let index = statement.decodingIndex(for: key.stringValue) else { return nil }
        return try statement.decodeColumn(at: index) as Value?
    }

    private func integer<Value: FixedWidthInteger>(_ key: Key) throws(DatabaseError) -> Value {
        let index = try index(of: key)
        return try ColumnDecoder(row: row, index: index, codingPath: [key]).integer()
    }

    private func optionalInteger<Value: FixedWidthInteger>(_ key: Key) throws(DatabaseError) -> Value? {
        guard let index = statement.decodingIndex(for: key.stringValue) else { return nil }
        if row.isNull(at: index) {
            return nil
        }
        return try ColumnDecoder(row: row, index: index, codingPath: [key]).integer()
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        try row.isNull(at: index(of: key))
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try value(key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try value(key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try value(key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try value(key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try value(key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try integer(key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try integer(key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try value(key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try value(key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try integer(key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try integer(key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try integer(key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try integer(key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try integer(key) }

    func decode<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> Value {
        try ColumnDecoder(row: row, index: index(of: key), codingPath: [key]).decode(Value.self)
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try optionalValue(key) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try optionalValue(key) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try optionalValue(key) }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try optionalValue(key) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try optionalValue(key) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try optionalInteger(key) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try optionalInteger(key) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try optionalValue(key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try optionalValue(key) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try optionalInteger(key) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try optionalInteger(key) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try optionalInteger(key) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try optionalInteger(key) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try optionalInteger(key) }

    func decodeIfPresent<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> Value? {
        guard let index = statement.decodingIndex(for: key.stringValue), !row.isNull(at: index) else {
            return nil
        }
        return try ColumnDecoder(row: row, index: index, codingPath: [key]).decode(Value.self)
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type,
        forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try ColumnDecoder(row: row, index: index(of: key), codingPath: [key]).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try ColumnDecoder(row: row, index: index(of: key), codingPath: [key]).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        RowDecoder(row: row)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        try ColumnDecoder(row: row, index: index(of: key), codingPath: [key])
    }
}

/// A row's columns in order.
struct RowUnkeyedContainer: UnkeyedDecodingContainer {
    let row: Row
    var currentIndex = 0

    var codingPath: [any CodingKey] { [] }
    var count: Int? { row.count }
    var isAtEnd: Bool { currentIndex >= row.count }

    private mutating func next() throws(DatabaseError) -> ColumnDecoder {
        guard !isAtEnd else {
            throw row.statement.failure(
                .outOfRange, "the row has only \(row.count) columns", operation: "decode")
        }
        defer { currentIndex += 1 }
        return ColumnDecoder(row: row, index: currentIndex, codingPath: [])
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd else { return false }
        if row.isNull(at: currentIndex) {
            currentIndex += 1
            return true
        }
        return false
    }

    mutating func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
        try next().decode(Value.self)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try next().container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try next().unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        try next()
    }
}
