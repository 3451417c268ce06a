import CSQLite

extension Database {
    /// Runs `body` with `limits` on every statement it runs on this connection.
    ///
    /// ```swift
    /// let limits = QueryLimits(timeLimit: .seconds(5), isCancelled: { request.cancellation.isCancelled })
    /// let tables = try db.withLimits(limits) { db in try db.tables() }
    /// ```
    /// A statement still running when the time limit has passed, or once `isCancelled` returns
    /// true, stops with ``DatabaseError/Code/interrupted`` (and so does every statement after it);
    /// a string or BLOB longer than the value size limit fails with ``DatabaseError/Code/tooBig``
    /// before SQLite allocates it. The limits nest: inside another `withLimits`, both apply.
    /// The corresponding C functions are `sqlite3_progress_handler` and `sqlite3_limit`.
    /// - Returns: what `body` returns.
    /// - Throws: what `body` throws; ``DatabaseError`` `.interrupted` when the limits were
    ///   reached before `body` began.
    public func withLimits<Result>(_ limits: QueryLimits, _ body: (Database) throws -> Result) throws -> Result {
        try applying(limits) { () throws -> Result in try body(self) }
    }

    /// ``withLimits(_:_:)`` for a body that throws only ``DatabaseError``.
    func limited<Result>(
        _ limits: QueryLimits,
        _ body: () throws(DatabaseError) -> Result
    ) throws(DatabaseError) -> Result {
        do {
            return try applying(limits, body)
        } catch let error as DatabaseError {
            throw error
        } catch {
            throw DatabaseError(.error, message: "\(error)", operation: "run query", subject: name)
        }
    }

    private func applying<Result>(_ limits: QueryLimits, _ body: () throws -> Result) throws -> Result {
        let pointer = try connection.open("run query")
        let previous = connection.monitor
        let monitor = LimitMonitor(limits, enclosing: previous)
        let previousLength = sqlite3_limit(pointer, SQLITE_LIMIT_LENGTH, -1)
        connection.monitor = monitor
        Database.installProgressHandler(monitor, on: pointer)
        if let limit = monitor.valueSizeLimit {
            sqlite3_limit(pointer, SQLITE_LIMIT_LENGTH, Int32(clamping: max(1, limit)))
        }
        defer {
            connection.monitor = previous
            // The body may have closed the connection.
            if let pointer = connection.pointer {
                sqlite3_limit(pointer, SQLITE_LIMIT_LENGTH, previousLength)
                Database.installProgressHandler(previous, on: pointer)
            }
        }
        try connection.checkLimits(operation: "run query")
        return try body()
    }

    /// How many virtual machine instructions SQLite runs between two checks of the limits.
    static let instructionsBetweenChecks: Int32 = 1000

    private static func installProgressHandler(_ monitor: LimitMonitor?, on pointer: OpaquePointer) {
        guard let monitor else {
            sqlite3_progress_handler(pointer, 0, nil, nil)
            return
        }
        sqlite3_progress_handler(
            pointer, instructionsBetweenChecks,
            { context in
                guard let context else { return 0 }
                return Unmanaged<LimitMonitor>.fromOpaque(context).takeUnretainedValue().shouldStop() ? 1 : 0
            }, Unmanaged.passUnretained(monitor).toOpaque())
    }
}

extension ConnectionHandle {
    /// Throws when the limits in force say to stop: checked between statements, which the
    /// progress handler does not see.
    func checkLimits(sql: String? = nil, operation: String) throws(DatabaseError) {
        guard let monitor, monitor.shouldStop() else { return }
        throw DatabaseError(
            .interrupted, message: monitor.stopReason ?? "interrupted", sql: sql, operation: operation, subject: name)
    }
}
