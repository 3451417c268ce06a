/// A name of an entry in a directory, as the system calls take it: UTF-8 text, or the bytes on
/// disk when a name someone else made is not UTF-8 (Linux names are bytes, not text).
package protocol EntryNaming {
    /// The name as text, for messages (invalid UTF-8 repaired with U+FFFD).
    var shown: String { get }
    /// Calls `body` with the name as a NUL-terminated C string.
    func withCString<Result>(_ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result
}

extension String: EntryNaming {
    package var shown: String { self }
}

/// The name of an entry that ``DirectoryReader`` or ``SortedDirectory`` read: its text, and its
/// bytes on disk when those are not UTF-8 (so the entry can still be opened, removed or copied:
/// its repaired text names nothing).
package struct EntryName: EntryNaming, Sendable {
    /// The name as text (repaired when the bytes are not UTF-8).
    package let text: String
    /// The bytes on disk when they are not UTF-8; nil when ``text`` is the name.
    package let bytes: [UInt8]?

    package init(text: String, bytes: [UInt8]? = nil) {
        self.text = text
        self.bytes = bytes
    }

    package var shown: String { text }

    package func withCString<Result>(_ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
        guard let bytes else { return try text.withCString(body) }
        return try (bytes + [0]).withUnsafeBufferPointer { buffer in
            try buffer.withMemoryRebound(to: CChar.self) { characters in
                // A buffer built from an array always has a base address.
                guard let base = characters.baseAddress else { return try "".withCString(body) }
                return try body(base)
            }
        }
    }
}
