/// Values for a statement's parameters: positional, named, or both.
///
/// Write them as literals:
///
/// ```swift
/// try db.execute("INSERT INTO stocks VALUES (?, ?, ?, ?)", arguments: ["NT", 20.23, 140, "02-05-2007"])
/// try db.execute("DELETE FROM stocks WHERE symbol = :symbol", arguments: ["symbol": "NT"])
/// ```
///
/// A named value fills the parameter of that name whatever its prefix: `"symbol"` fills
/// `:symbol`, `@symbol` and `$symbol`; a key written with a prefix fills only that spelling.
public struct StatementArguments: Sendable, Hashable, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    /// The positional values, in order.
    public var positional: [DatabaseValue]
    /// The named values, by name.
    public var named: [String: DatabaseValue]

    /// No values.
    public init() {
        self.init([])
    }

    /// Values from positional and named parts.
    public init(_ positional: [DatabaseValue], named: [String: DatabaseValue] = [:]) {
        self.positional = positional
        self.named = named
    }

    /// Positional values from a literal: `[1, "ALU", nil]`.
    public init(arrayLiteral elements: (any DatabaseValueConvertible)?...) {
        self.init(elements.map { $0?.databaseValue ?? .null })
    }

    /// Named values from a literal: `["symbol": "ALU", "price": 14.23]`.
    public init(dictionaryLiteral elements: (String, (any DatabaseValueConvertible)?)...) {
        var named: [String: DatabaseValue] = [:]
        for (name, value) in elements {
            named[name] = value?.databaseValue ?? .null
        }
        self.init([], named: named)
    }

    /// Whether there are no values.
    public var isEmpty: Bool { positional.isEmpty && named.isEmpty }

    /// The key and value for the parameter `name` (which has its prefix), if given.
    func entry(named name: String) -> (String, DatabaseValue)? {
        if let value = named[name] {
            return (name, value)
        }
        let bare = String(name.dropFirst())
        return named[bare].map { (bare, $0) }
    }
}
