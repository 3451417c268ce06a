/// HTTP header fields in order, looked up without regard to case.
public struct HTTPHeaders: Sendable, Sequence, Equatable {
    private var fields: [(name: String, value: String)] = []

    public init(_ fields: [(String, String)] = []) {
        self.fields = fields.map { (name: $0.0, value: $0.1) }
    }

    /// The first value of the field `name` (case-insensitive), if any.
    public subscript(name: String) -> String? {
        fields.first { HTTPHeaders.sameName($0.name, name) }?.value
    }

    /// Calls `body` with every value of the field `name`, in order, until it returns false;
    /// without collecting them.
    func forEachValue(_ name: String, _ body: (String) -> Bool) {
        for field in fields where HTTPHeaders.sameName(field.name, name) {
            guard body(field.value) else { return }
        }
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
        // Most fields set are new: only a field already there costs the removal.
        if fields.contains(where: { HTTPHeaders.sameName($0.name, name) }) {
            fields.removeAll { HTTPHeaders.sameName($0.name, name) }
        } else if fields.capacity == 0 {
            // A response gets about ten fields; room for them at once.
            fields.reserveCapacity(12)
        }
        fields.append((name: name, value: value))
    }

    /// Whether a field `name` is there (case-insensitive).
    public func contains(_ name: String) -> Bool {
        fields.contains { HTTPHeaders.sameName($0.name, name) }
    }

    /// Whether two field names are the same, ignoring ASCII case (field names are ASCII tokens);
    /// compared byte by byte, without making lowercased copies, as every request does it often.
    static func sameName(_ first: String, _ second: String) -> Bool {
        // Most names compared differ in length, which a native string knows without a scan.
        guard first.utf8.count == second.utf8.count else { return false }
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

    /// The same fields in the same order, names compared exactly.
    public static func == (left: HTTPHeaders, right: HTTPHeaders) -> Bool {
        left.fields.count == right.fields.count
            && zip(left.fields, right.fields).allSatisfy { $0.name == $1.name && $0.value == $1.value }
    }

    public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> {
        fields.makeIterator()
    }
}
