import Foundation

/// A table addresses its rows with Foundation's `IndexPath`, a general path of indices such as
/// `1.5.8.33`, extended here (as the table view extends `NSIndexPath`) with a section and a row.
///
/// A row's path holds two indices, `[section, row]`: make it with ``init(row:section:)`` and read
/// it with ``section`` and ``row``. Asking a path of another length for its section or row is a
/// programmer error and traps. Paths order index by index, so rows sort by section, then row.
///
/// Using Foundation's type rather than one of the same name keeps `IndexPath` unambiguous in code
/// that imports both modules.
///
/// ```swift
/// let path = IndexPath(row: 3, section: 1)
/// path.dotted                           // "1.3"
/// IndexPath(dotted: "1.5.8.33")?.count  // 4
/// ```
extension IndexPath {
    /// The path of a row in a table: `[section, row]`.
    ///
    /// - Precondition: neither index is negative.
    public init(row: Int, section: Int) {
        precondition(row >= 0 && section >= 0, "a table index path cannot be negative: \(section).\(row)")
        self.init(indexes: [section, row])
    }

    /// Parses the dotted form that ``dotted`` prints, such as `1.5.8.33` or `0.3`.
    ///
    /// Returns nil for anything else: an empty string or part, signs, spaces, or indices too large
    /// for `Int`.
    public init?(dotted text: some StringProtocol) {
        var indexes: [Int] = []
        for part in text.split(separator: ".", omittingEmptySubsequences: false) {
            guard !part.isEmpty, part.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let value = Int(part) else {
                return nil
            }
            indexes.append(value)
        }
        self.init(indexes: indexes)
    }

    /// The section of a table row's path (its first index).
    ///
    /// - Precondition: the path holds exactly two indices.
    public var section: Int {
        precondition(count == 2, "section needs an index path of two indices, not \(dotted)")
        return self[0]
    }

    /// The row of a table row's path (its second index).
    ///
    /// - Precondition: the path holds exactly two indices.
    public var row: Int {
        precondition(count == 2, "row needs an index path of two indices, not \(dotted)")
        return self[1]
    }

    /// The indices joined with dots, as people and the command line write a path: `1.5.8.33`.
    public var dotted: String {
        map(String.init).joined(separator: ".")
    }
}
