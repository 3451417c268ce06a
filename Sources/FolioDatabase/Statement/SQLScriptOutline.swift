import CSQLite

/// The statements of an SQL script as SQLite splits them, read without preparing any: what a tool
/// needs to know before it runs a script, such as whether the script manages its own transactions.
///
/// ```swift
/// SQLScriptOutline("BEGIN; INSERT INTO t VALUES (';'); COMMIT").leadingKeywords  // ["BEGIN", "INSERT", "COMMIT"]
/// ```
public struct SQLScriptOutline: Sendable, Hashable {
    /// The first keyword of each statement, in capitals; empty for a statement that does not start
    /// with a word. Comments and blank space before it are skipped.
    public let leadingKeywords: [String]

    /// Keywords of statements that begin, end or name a transaction, or that SQLite refuses or
    /// ignores inside one.
    static let transactionSensitive: Set<String> = [
        "BEGIN", "COMMIT", "END", "ROLLBACK", "SAVEPOINT", "RELEASE", "VACUUM", "ATTACH", "DETACH", "PRAGMA",
    ]

    /// Splits `sql` where SQLite would: at each `;` that completes a statement (not one inside a
    /// string, a quoted name, a comment or a trigger's body).
    public init(_ sql: String) {
        let bytes = Array(sql.utf8)
        var keywords: [String] = []
        var start = 0
        for index in bytes.indices where bytes[index] == UInt8(ascii: ";") {
            let candidate = Array(bytes[start...index]) + [0]
            let complete = candidate.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { sqlite3_complete($0.baseAddress) != 0 }
            }
            guard complete else { continue }
            if let keyword = Self.leadingKeyword(bytes[start..<index]) {
                keywords.append(keyword)
            }
            start = index + 1
        }
        if start < bytes.count, let keyword = Self.leadingKeyword(bytes[start...]) {
            keywords.append(keyword)
        }
        leadingKeywords = keywords
    }

    /// Whether the script begins, ends or names transactions itself, or holds a statement SQLite
    /// refuses or ignores inside a transaction (VACUUM, ATTACH, DETACH, PRAGMA): such a script must
    /// run statement by statement, as written.
    public var managesTransactions: Bool {
        leadingKeywords.contains { Self.transactionSensitive.contains($0) }
    }

    /// The first word of a statement's text, or nil when it holds only blank space and comments.
    private static func leadingKeyword(_ text: ArraySlice<UInt8>) -> String? {
        var index = text.startIndex
        while index < text.endIndex {
            let byte = text[index]
            if byte == 0x20 || (0x09...0x0D).contains(byte) {
                index += 1
            } else if byte == UInt8(ascii: "-"), index + 1 < text.endIndex, text[index + 1] == UInt8(ascii: "-") {
                while index < text.endIndex && text[index] != 0x0A { index += 1 }
            } else if byte == UInt8(ascii: "/"), index + 1 < text.endIndex, text[index + 1] == UInt8(ascii: "*") {
                index += 2
                while index + 1 < text.endIndex
                    && !(text[index] == UInt8(ascii: "*") && text[index + 1] == UInt8(ascii: "/"))
                {
                    index += 1
                }
                index = min(index + 2, text.endIndex)
            } else {
                break
            }
        }
        guard index < text.endIndex else { return nil }
        var end = index
        while end < text.endIndex, Self.isWordByte(text[end]) { end += 1 }
        return String(decoding: text[index..<end], as: UTF8.self).uppercased()
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || byte == UInt8(ascii: "_")
    }
}
