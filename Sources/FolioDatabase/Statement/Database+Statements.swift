import CSQLite

extension Database {
    /// Compiles one SQL statement for running any number of times.
    ///
    /// ```swift
    /// let insert = try db.prepare("INSERT INTO stocks VALUES (?, ?, ?, ?)")
    /// ```
    /// The corresponding C function is `sqlite3_prepare_v3`.
    /// - Throws: ``DatabaseError``: SQLite's error for SQL that does not compile, `.misuse` when
    ///   `sql` holds no statement or more than one.
    public func prepare(_ sql: String) throws(DatabaseError) -> Statement {
        var script = try StatementScript(sql, connection: connection)
        guard let statement = try script.next() else {
            throw DatabaseError(
                .misuse, message: "the SQL holds no statement", sql: sql, operation: "prepare", subject: name)
        }
        // What follows may only be white space and comments; text that does not even compile is
        // a second statement too.
        var hasMore = false
        if !script.isAtEnd {
            do {
                hasMore = try script.next() != nil
            } catch {
                hasMore = true
            }
        }
        if hasMore {
            throw DatabaseError(
                .misuse, message: "prepare takes one statement; use execute(_:) for several", sql: sql,
                operation: "prepare", subject: name)
        }
        return statement
    }

    /// A prepared statement for `sql` from the connection's cache, prepared on first use.
    ///
    /// The statement comes back reset with its parameters cleared. Keeping it is fine; if it is
    /// still running when asked for again (a query inside its own row loop), a new statement is
    /// prepared instead of disturbing it.
    /// - Throws: ``DatabaseError`` as ``prepare(_:)`` does.
    public func cachedStatement(_ sql: String) throws(DatabaseError) -> Statement {
        if let statement = statementCache.statement(for: sql), !statement.isStarted {
            sqlite3_clear_bindings(statement.pointer)
            return statement
        }
        let statement = try prepare(sql)
        statementCache.insert(statement, for: sql)
        return statement
    }

    /// The number of statements in the cache.
    public var cachedStatementCount: Int { statementCache.count }
}
