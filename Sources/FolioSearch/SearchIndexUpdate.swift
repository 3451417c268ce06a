/// What one pass over the files changed in a ``SearchIndex``.
public struct SearchIndexUpdate: Sendable, Hashable, Encodable {
    /// The files (re)indexed, by path below `Documents/`.
    public var indexed: [String] = []
    /// The files removed from the index, by path below `Documents/`.
    public var removed: [String] = []

    /// An update.
    public init(indexed: [String] = [], removed: [String] = []) {
        self.indexed = indexed
        self.removed = removed
    }

    /// Whether nothing changed.
    public var isEmpty: Bool { indexed.isEmpty && removed.isEmpty }
}
