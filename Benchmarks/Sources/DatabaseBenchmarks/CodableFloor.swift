/// The cost of Swift's `Decodable` machinery alone: `Item.init(from:)` on a decoder that reads no
/// database and returns constants, with its keyed container made once as FolioDatabase does.
/// Whatever a database decoder does, each row costs at least this on top of reading the row.
enum CodableFloor {
    static func decode(count: Int) throws -> Checksum {
        let source = Source()
        var sum = Checksum()
        for index in 0..<count {
            source.value = Int64(index)
            let item = try Item(from: ConstantDecoder(source: source))
            sum.add(item.id, item.price, item.name)
        }
        return sum
    }

    final class Source {
        var value: Int64 = 0
        var box: AnyObject?
    }

    final class Box<Container> {
        let container: Container
        init(_ container: Container) { self.container = container }
        @inline(never) func value() -> Container { container }
    }

    struct ConstantDecoder: Decoder {
        let source: Source
        var codingPath: [any CodingKey] { [] }
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
            if let box = source.box {
                return unsafeDowncast(box, to: Box<KeyedDecodingContainer<Key>>.self).value()
            }
            let box = Box(KeyedDecodingContainer(Constants<Key>(source: source)))
            source.box = box
            return box.value()
        }

        func unkeyedContainer() throws -> any UnkeyedDecodingContainer { throw Unsupported() }
        func singleValueContainer() throws -> any SingleValueDecodingContainer { throw Unsupported() }
    }

    struct Unsupported: Error {}

    struct Constants<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let source: Source
        var codingPath: [any CodingKey] { [] }
        var allKeys: [Key] { [] }
        func contains(_ key: Key) -> Bool { true }
        func decodeNil(forKey key: Key) throws -> Bool { false }
        func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { source.value }
        func decode(_ type: Double.Type, forKey key: Key) throws -> Double { Double(source.value) * 0.25 }
        func decode(_ type: String.Type, forKey key: Key) throws -> String { "stock" }
        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { throw Unsupported() }
        func nestedContainer<Nested: CodingKey>(
            keyedBy type: Nested.Type,
            forKey key: Key
        ) throws -> KeyedDecodingContainer<Nested> { throw Unsupported() }
        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { throw Unsupported() }
        func superDecoder() throws -> any Decoder { throw Unsupported() }
        func superDecoder(forKey key: Key) throws -> any Decoder { throw Unsupported() }
    }
}
