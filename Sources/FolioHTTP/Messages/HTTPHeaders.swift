/// HTTP header fields in order, looked up without regard to case.
public struct HTTPHeaders: Sendable, Sequence {
    private var fields: [(name: String, value: String)] = []

    public init(_ fields: [(String, String)] = []) {
        self.fields = fields.map { (name: $0.0, value: $0.1) }
    }

    /// The first value of the field `name` (case-insensitive), if any.
    public subscript(name: String) -> String? {
        fields.first { HTTPHeaders.sameName($0.name, name) }?.value
    }

    /// Every value of the field `name`.
    public func values(_ name: String) -> [String] {
        fields.filter { HTTPHeaders.sameName($0.name, name) }.map(\.value)
    }

    /// Adds a field (keeping any with the same name).
    public mutating func add(_ name: String, _ value: String) {
        fields.append((name: name, value: value))
    }

    /// Sets a field, replacing any with the same name.
    public mutating func set(_ name: String, _ value: String) {
        fields.removeAll { HTTPHeaders.sameName($0.name, name) }
        fields.append((name: name, value: value))
    }

    /// Whether two field names are the same, ignoring ASCII case (field names are ASCII tokens);
    /// compared byte by byte, without making lowercased copies, as every request does it often.
    static func sameName(_ first: String, _ second: String) -> Bool {
        var first = first
        var second = second
        return first.withUTF8 { a in
            second.withUTF8 { b in
                guard a.count == b.count else { return false }
                for index in 0..<a.count where a[index] != b[index] {
                    // ASCII letters differ only in bit 0x20; anything else must be equal.
                    let x = a[index] | 0x20
                    guard x == b[index] | 0x20, x >= UInt8(ascii: "a"), x <= UInt8(ascii: "z") else { return false }
                }
                return true
            }
        }
    }

    public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> {
        fields.makeIterator()
    }
}
