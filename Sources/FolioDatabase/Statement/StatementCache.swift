/// Prepared statements by SQL text, the least recently used dropped first.
struct StatementCache {
    let capacity: Int
    private var entries: [String: Entry] = [:]
    private var clock: UInt64 = 0

    private struct Entry {
        let statement: Statement
        var lastUse: UInt64
    }

    init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    var count: Int { entries.count }

    /// The statement for `sql`, marked as just used.
    mutating func statement(for sql: String) -> Statement? {
        guard entries[sql] != nil else { return nil }
        clock += 1
        entries[sql]?.lastUse = clock
        return entries[sql]?.statement
    }

    /// Keeps `statement` for `sql`, dropping the least recently used one when full.
    mutating func insert(_ statement: Statement, for sql: String) {
        guard capacity > 0 else { return }
        if entries.count >= capacity, entries[sql] == nil,
            let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse })?.key
        {
            entries[oldest] = nil
        }
        clock += 1
        entries[sql] = Entry(statement: statement, lastUse: clock)
    }

    mutating func removeAll() {
        entries = [:]
    }
}
