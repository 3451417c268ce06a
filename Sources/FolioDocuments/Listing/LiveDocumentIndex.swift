import Foundation

/// Every document's name, modification date and kind, held in both sorted orders: what
/// ``LiveDocumentOrder`` answers pages from.
///
/// Names are kept as their UTF-8 bytes, so two names that differ only in Unicode normalisation
/// stay two documents, as they are on disk. The orders are the library's: by name
/// (`DocumentNameOrder`, a total order, so Z to A is A to Z reversed) and by date (the same date by
/// name, A to Z, either way).
/// - Complexity: memory O(n); a page O(offset + limit) (O(n) for one kind); an update O(n) for
///   the move in the sorted arrays, or one O(n log n) sort for a large batch.
struct LiveDocumentIndex: Sendable {
    /// What the index knows of a document.
    struct Entry: Sendable, Equatable {
        /// The modification date.
        var date: Date
        /// The position of its kind in the library's kinds, or -1 for generic.
        var kind: Int
    }

    /// A batch larger than this re-sorts the orders once instead of moving entries one by one.
    static let largeBatch = 256

    private var entries: [[UInt8]: Entry] = [:]
    /// The names, A to Z.
    private var byName: [[UInt8]] = []
    /// The names with their dates, oldest first (the same date A to Z).
    private var byDate: [DateSelection.DatedName] = []
    /// How many documents of each kind there are.
    private var kindCounts: [Int: Int] = [:]

    /// An index of `documents`.
    init(_ documents: [(name: [UInt8], entry: Entry)]) {
        entries.reserveCapacity(documents.count)
        for document in documents {
            entries[document.name] = document.entry
        }
        resort()
    }

    /// How many documents there are.
    var count: Int { entries.count }

    /// Sets what is known of each name: an entry, or nil for a name that is no document (any
    /// more).
    mutating func update(_ changes: [(name: [UInt8], entry: Entry?)]) {
        guard changes.count <= LiveDocumentIndex.largeBatch else {
            for change in changes {
                entries[change.name] = change.entry
            }
            return resort()
        }
        for change in changes {
            let old = entries[change.name]
            guard old != change.entry else { continue }
            if let old {
                remove(change.name, old)
            }
            if let new = change.entry {
                insert(change.name, new)
            }
            entries[change.name] = change.entry
        }
    }

    /// The names of a page, and the number of documents (of `kind`, when given).
    ///
    /// - Parameter kind: nil for every document; otherwise a position as ``Entry/kind`` has it
    ///   (a kind the index has no documents of gives an empty page).
    func page(_ order: DocumentOrder, offset: Int, limit: Int, kind: Int?) -> (names: [[UInt8]], total: Int) {
        let total = kind.map { kindCounts[$0] ?? 0 } ?? entries.count
        var names: [[UInt8]] = []
        names.reserveCapacity(min(limit, total))
        var skipped = 0
        // Takes a name of the order; false once the page is full.
        func take(_ name: [UInt8]) -> Bool {
            if let kind, entries[name]?.kind != kind { return true }
            if skipped < offset {
                skipped += 1
                return true
            }
            guard names.count < limit else { return false }
            names.append(name)
            return names.count < limit
        }
        guard limit > 0 else { return (names, total) }
        switch (order.key, order.isAscending) {
        case (.name, true):
            for name in byName where !take(name) { break }
        case (.name, false):
            for name in byName.reversed() where !take(name) { break }
        case (.date, true):
            for dated in byDate where !take(dated.name) { break }
        case (.date, false):
            // Newest first, the same date still A to Z: the groups of equal dates from the end.
            var end = byDate.endIndex
            groups: while end > byDate.startIndex {
                let date = byDate[end - 1].date
                var start = end - 1
                while start > byDate.startIndex && byDate[start - 1].date == date { start -= 1 }
                for dated in byDate[start..<end] where !take(dated.name) { break groups }
                end = start
            }
        }
        return (names, total)
    }

    private mutating func resort() {
        byName = entries.keys.sorted(by: DocumentNameOrder.precedes)
        byDate = entries.map { DateSelection.DatedName(name: $0.key, date: $0.value.date) }
            .sorted(by: LiveDocumentIndex.datePrecedes)
        kindCounts = [:]
        for entry in entries.values {
            kindCounts[entry.kind, default: 0] += 1
        }
    }

    private mutating func insert(_ name: [UInt8], _ entry: Entry) {
        byName.insert(name, at: LiveDocumentIndex.firstIndex(in: byName) { DocumentNameOrder.precedes($0, name) })
        let dated = DateSelection.DatedName(name: name, date: entry.date)
        byDate.insert(dated, at: LiveDocumentIndex.firstIndex(in: byDate) { LiveDocumentIndex.datePrecedes($0, dated) })
        kindCounts[entry.kind, default: 0] += 1
    }

    private mutating func remove(_ name: [UInt8], _ entry: Entry) {
        let nameIndex = LiveDocumentIndex.firstIndex(in: byName) { DocumentNameOrder.precedes($0, name) }
        if nameIndex < byName.count && byName[nameIndex] == name {
            byName.remove(at: nameIndex)
        }
        let dated = DateSelection.DatedName(name: name, date: entry.date)
        let dateIndex = LiveDocumentIndex.firstIndex(in: byDate) { LiveDocumentIndex.datePrecedes($0, dated) }
        if dateIndex < byDate.count && byDate[dateIndex].name == name {
            byDate.remove(at: dateIndex)
        }
        kindCounts[entry.kind, default: 0] -= 1
    }

    /// Oldest first, the same date A to Z.
    private static func datePrecedes(_ lhs: DateSelection.DatedName, _ rhs: DateSelection.DatedName) -> Bool {
        lhs.date != rhs.date ? lhs.date < rhs.date : DocumentNameOrder.precedes(lhs.name, rhs.name)
    }

    /// The first index of sorted `elements` whose element is not before the one sought (told by
    /// `isBefore`).
    private static func firstIndex<Element>(in elements: [Element], where isBefore: (Element) -> Bool) -> Int {
        var low = 0
        var high = elements.count
        while low < high {
            let middle = (low + high) / 2
            if isBefore(elements[middle]) {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low
    }
}
