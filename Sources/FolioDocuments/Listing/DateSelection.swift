import Foundation

/// The first documents by modification date (newest or oldest first; the same date by name), and
/// how many there are: what one thread of a listing by date keeps of the entries it reads.
struct DateSelection: Sendable {
    /// A name (its UTF-8 bytes) and its modification date.
    struct DatedName: Sendable {
        var name: [UInt8]
        var date: Date
    }

    private(set) var selection: BoundedSelection<DatedName>
    /// How many documents were offered.
    private(set) var total = 0
    private let ascending: Bool

    /// A selection that keeps the `capacity` first documents, oldest first when `ascending`.
    init(capacity: Int, ascending: Bool) {
        self.ascending = ascending
        selection = BoundedSelection(capacity: capacity) { lhs, rhs in
            if lhs.date != rhs.date {
                return ascending ? lhs.date < rhs.date : lhs.date > rhs.date
            }
            return DocumentNameOrder.precedes(lhs.name, rhs.name)
        }
    }

    /// Counts the document whose name's UTF-8 bytes are `name`, and keeps it when it is among
    /// the first.
    mutating func offer(_ name: UnsafeBufferPointer<UInt8>, date: Date) {
        total += 1
        let ascending = self.ascending
        let admitted = selection.admits { largest in
            if date != largest.date {
                return ascending ? date < largest.date : date > largest.date
            }
            return DocumentNameOrder.precedes(name, largest.name)
        }
        if admitted {
            selection.offer(DatedName(name: Array(name), date: date))
        }
    }

    /// Adds what another thread kept.
    mutating func merge(_ other: DateSelection) {
        selection.merge(other.selection)
        total += other.total
    }

    /// The names kept, in order.
    var names: [String] {
        selection.sorted().map { String(decoding: $0.name, as: UTF8.self) }
    }
}
