import CSQLite

/// The statements of an SQL text, prepared one at a time: each is compiled only after the ones
/// before it have run, so a script can create a table and then use it.
struct StatementScript {
    private let connection: ConnectionHandle
    /// The SQL as a C string (with its terminating NUL).
    private let text: ContiguousArray<CChar>
    /// Where the next statement starts in `text`.
    private var offset = 0
    /// How many statements have been prepared.
    private(set) var preparedCount = 0

    /// - Throws: ``DatabaseError`` `.misuse` when the SQL contains a NUL character, which would
    ///   silently end it.
    init(_ sql: String, connection: ConnectionHandle) throws(DatabaseError) {
        if sql.utf8.contains(0) {
            throw DatabaseError(
                .misuse, message: "the SQL contains a NUL character", sql: sql, operation: "prepare",
                subject: connection.name)
        }
        self.connection = connection
        self.text = sql.utf8CString
    }

    /// Whether only white space remains.
    var isAtEnd: Bool {
        text[offset...].dropLast().allSatisfy { $0 == 0x20 || ($0 >= 0x09 && $0 <= 0x0D) }
    }

    /// The next statement, or nil after the last one (comments and white space are skipped).
    ///
    /// - Throws: ``DatabaseError`` when a statement does not compile (a syntax error, an unknown table).
    mutating func next() throws(DatabaseError) -> Statement? {
        let database = try connection.open("prepare")
        while offset < text.count - 1 {
            var prepared: OpaquePointer?
            let start = offset
            var tail = text.count - 1
            let result = text.withUnsafeBufferPointer { buffer -> Int32 in
                guard let base = buffer.baseAddress else { return SQLITE_MISUSE }
                var end: UnsafePointer<CChar>?
                let result = sqlite3_prepare_v3(
                    database, base + start, Int32(clamping: buffer.count - start), 0, &prepared, &end)
                if let end {
                    tail = end - base
                }
                return result
            }
            if result != SQLITE_OK {
                let rest = String(decoding: text[start..<(text.count - 1)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
                throw connection.error(result, sql: String(rest.trimmingSpaces()), operation: "prepare")
            }
            offset = max(tail, start + 1)
            if let prepared {
                preparedCount += 1
                return Statement(pointer: prepared, connection: connection)
            }
        }
        return nil
    }
}
