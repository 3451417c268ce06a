/// One line of a ``WriterJournal``: a temporary entry and what to do with it if its writer dies.
///
/// On disk: `discard<TAB>PATH` or `publish<TAB>PATH<TAB>NAME`, ending in a newline. `PATH` is a
/// container path and `NAME` a file name, neither of which can hold a tab or a newline (the
/// naming rules refuse control characters).
package struct JournalLine: Sendable, Hashable {
    /// What to do with the entry.
    package var intent: TemporaryIntent
    /// The entry's container path, its last component a ``TemporaryName``.
    package var path: String

    /// A line for the entry at `path`.
    package init(intent: TemporaryIntent, path: String) {
        self.intent = intent
        self.path = path
    }

    /// The line as written, newline included.
    package var bytes: [UInt8] {
        switch intent {
        case .discard: Array("discard\t\(path)\n".utf8)
        case .publish(let name): Array("publish\t\(path)\t\(name)\n".utf8)
        }
    }

    /// The lines of a journal's contents; lines that do not parse (a write cut short) are skipped.
    package static func parse(_ contents: [UInt8]) -> [JournalLine] {
        contents.split(separator: 0x0A).compactMap { line in
            let fields = line.split(separator: 0x09, omittingEmptySubsequences: false).map {
                String(decoding: $0, as: UTF8.self)
            }
            switch (fields.first, fields.count) {
            case ("discard", 2): return JournalLine(intent: .discard, path: fields[1])
            case ("publish", 3): return JournalLine(intent: .publish(as: fields[2]), path: fields[1])
            default: return nil
            }
        }
    }
}
