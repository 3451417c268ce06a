import CSQLite

/// The `sqlite3*` of one connection, and what must live exactly as long as it.
///
/// Every ``Statement`` and ``Blob`` holds a reference to its connection's handle, so the handle
/// (and, for a database inside a container, the confined VFS with the directory descriptors that
/// SQLite's file names go through) outlives them all. The connection closes when the last of them
/// goes away, or earlier through ``close()``, which fails while any of them is still alive.
@usableFromInline
final class ConnectionHandle {
    /// The connection; nil once closed.
    @usableFromInline private(set) var pointer: OpaquePointer?
    /// The confined VFS of a connection opened inside a container: SQLite reaches every file
    /// through directories it resolved beneath the container. It must outlive the connection.
    let fileSystem: ConfinedFileSystem?
    /// The connection's authorizer; it must outlive the connection.
    let authorizer: Authorizer
    /// Interrupts the connection from other threads until it closes.
    let interrupter: DatabaseInterrupter
    /// The limits statements run under now, set by ``Database/withLimits(_:_:)``.
    var monitor: LimitMonitor?
    /// The database as people know it (a container path or a file path), for messages.
    @usableFromInline let name: String

    init(pointer: OpaquePointer, fileSystem: ConfinedFileSystem?, authorizer: Authorizer, name: String) {
        self.pointer = pointer
        self.fileSystem = fileSystem
        self.authorizer = authorizer
        self.interrupter = DatabaseInterrupter(pointer)
        self.name = name
    }

    deinit {
        interrupter.invalidate()
        if let pointer {
            sqlite3_close_v2(pointer)
        }
    }

    /// The open connection.
    ///
    /// - Throws: ``DatabaseError`` `.misuse` once the connection is closed.
    @inlinable
    func open(_ operation: @autoclosure () -> String) throws(DatabaseError) -> OpaquePointer {
        guard let pointer else {
            throw DatabaseError(
                .misuse, message: "the database connection is closed", operation: operation(), subject: name)
        }
        return pointer
    }

    /// Closes the connection; see ``Database/close()``.
    func close() throws(DatabaseError) {
        guard let pointer else { return }
        // No interrupt may reach the connection while or after it closes; one that arrives while
        // closing fails is lost, which is harmless (nothing runs).
        interrupter.invalidate()
        let result = sqlite3_close(pointer)
        if result == SQLITE_BUSY {
            interrupter.revalidate(pointer)
            var open: [String] = []
            var statement = sqlite3_next_stmt(pointer, nil)
            while let current = statement {
                open.append(sqlite3_sql(current).map { String(cString: $0) } ?? "?")
                statement = sqlite3_next_stmt(pointer, current)
            }
            let list = open.map { "`\(DatabaseError.abbreviated($0))`" }.joined(separator: ", ")
            throw DatabaseError(
                .busy,
                message: open.isEmpty
                    ? "a BLOB handle or backup is still open"
                    : "\(open.count) statement\(open.count == 1 ? " is" : "s are") still in use: \(list)",
                operation: "close database", subject: name)
        }
        if result != SQLITE_OK {
            throw error(result, operation: "close database")
        }
        self.pointer = nil
    }

    /// Closes the connection without reporting errors, after a failed open.
    func discard() {
        interrupter.invalidate()
        if let pointer {
            sqlite3_close_v2(pointer)
        }
        pointer = nil
    }

    /// The error SQLite reports for `result` on this connection, with its message.
    @usableFromInline
    func error(_ result: Int32, sql: String? = nil, operation: String) -> DatabaseError {
        guard let pointer else {
            return DatabaseError(
                DatabaseError.Code(rawValue: result), message: String(cString: sqlite3_errstr(result)), sql: sql,
                operation: operation, subject: name)
        }
        let extended = sqlite3_extended_errcode(pointer)
        // The connection's last error describes `result` only when the two agree.
        let agrees = extended & 0xFF == result & 0xFF
        var message = agrees ? String(cString: sqlite3_errmsg(pointer)) : String(cString: sqlite3_errstr(result))
        switch result & 0xFF {
        case SQLITE_AUTH, SQLITE_CANTOPEN:
            if let reason = authorizer.takeRefusal() ?? fileSystem?.takeRefusal() {
                message = reason
            }
        case SQLITE_INTERRUPT:
            if let reason = monitor?.stopReason {
                message = reason
            }
        case SQLITE_TOOBIG:
            if let limit = monitor?.valueSizeLimit {
                message += ": a string or BLOB may hold at most \(ByteCount(limit)) here"
            }
        default:
            break
        }
        return DatabaseError(
            DatabaseError.Code(rawValue: result),
            extendedCode: DatabaseError.Code(rawValue: agrees ? extended : result),
            message: message, sql: sql, operation: operation, subject: name)
    }
}
