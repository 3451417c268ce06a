/// The first and last names of the documents in name order, and how many there are: what one
/// thread of a listing by name keeps of the entries it reads (see `Files.scan`).
///
/// Names are kept as their UTF-8 bytes; a name that does not come before the last one kept (or
/// after the first, for the last names) costs one comparison on the directory entry's bytes and
/// no allocation.
struct NameSelection: Sendable {
    /// The first names, A to Z.
    private(set) var first: BoundedSelection<[UInt8]>
    /// The last names, Z to A.
    private(set) var last: BoundedSelection<[UInt8]>
    /// How many documents were offered.
    private(set) var total = 0

    /// A selection that keeps the `first` first names and the `last` last ones.
    init(first: Int, last: Int) {
        self.first = BoundedSelection(capacity: first, by: DocumentNameOrder.precedes)
        self.last = BoundedSelection(capacity: last) { DocumentNameOrder.precedes($1, $0) }
    }

    /// Counts the document whose name's UTF-8 bytes are `name`, and keeps the name when it is
    /// among the first or the last.
    mutating func offer(_ name: UnsafeBufferPointer<UInt8>) {
        total += 1
        if first.admits(precedingLargest: { DocumentNameOrder.precedes(name, $0) }) {
            first.offer(Array(name))
        }
        if last.admits(precedingLargest: { largest in
            largest.withUnsafeBufferPointer { DocumentNameOrder.compare($0, name) } < 0
        }) {
            last.offer(Array(name))
        }
    }

    /// Adds what another thread kept.
    mutating func merge(_ other: NameSelection) {
        first.merge(other.first)
        last.merge(other.last)
        total += other.total
    }

    /// The first names kept, A to Z.
    var ascending: [String] {
        first.sorted().map { String(decoding: $0, as: UTF8.self) }
    }

    /// The last names kept, Z to A.
    var descending: [String] {
        last.sorted().map { String(decoding: $0, as: UTF8.self) }
    }
}
