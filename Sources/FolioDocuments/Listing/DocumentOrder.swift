/// How a list of documents is sorted.
public struct DocumentOrder: Sendable, Hashable {
    /// What documents are sorted by.
    public enum Key: String, Sendable, Hashable, CaseIterable {
        /// The name, as people read it: numbers by value (`Untitled 2` before `Untitled 10`), case
        /// ignored, the title before the extension.
        case name
        /// The modification date; documents with the same date by name.
        case date
    }

    /// What documents are sorted by.
    public var key: Key
    /// Whether the smallest comes first (A to Z, oldest first).
    public var isAscending: Bool

    /// An order.
    public init(key: Key, isAscending: Bool) {
        self.key = key
        self.isAscending = isAscending
    }

    /// By name, A to Z.
    public static let name = DocumentOrder(key: .name, isAscending: true)
    /// By date, newest first.
    public static let date = DocumentOrder(key: .date, isAscending: false)

    /// The same key in the other direction.
    public var reversed: DocumentOrder {
        DocumentOrder(key: key, isAscending: !isAscending)
    }
}
