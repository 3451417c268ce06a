import CSQLite

/// What a row callback asks for next: see ``Database/execute(_:arguments:eachRow:)``.
public enum RowAction: Sendable {
    /// Go on with the next row.
    case `continue`
    /// Stop: no more rows, and no more statements.
    case stop
}

extension Database {
    /// Runs every statement of `sql`, one after another.
    ///
    /// Each statement is compiled after the ones before it have run, so a script can create a
    /// table and then fill it. Rows that statements return are discarded. Without a surrounding
    /// transaction, each statement commits on its own and a failure leaves the earlier ones done.
    /// ```swift
    /// try db.execute("""
    ///     DROP TABLE IF EXISTS stocks;
    ///     CREATE TABLE stocks (symbol VARCHAR(5), purchasePrice FLOAT(10,4),
    ///                          unitsPurchased INTEGER, purchase_date VARCHAR(10));
    ///     """)
    /// ```
    /// - Throws: ``DatabaseError`` naming the statement that failed; `.outOfRange` when a
    ///   statement has parameters (use ``execute(_:arguments:)``).
    public func execute(_ sql: String) throws(DatabaseError) {
        try execute(sql, arguments: [])
    }

    /// Runs `sql` with one value per parameter, in order: `?` and `:name` are filled positionally.
    ///
    /// ```swift
    /// try db.execute("INSERT INTO stocks VALUES (?, ?, ?, ?)", "ALU", 14.23, 100, "03-17-2007")
    /// ```
    /// - Throws: ``DatabaseError`` from SQLite, or `.outOfRange` when the number of values does
    ///   not match the parameters.
    public func execute<each Value: DatabaseValueConvertible>(
        _ sql: String,
        _ values: repeat each Value
    ) throws(DatabaseError) {
        var positional: [DatabaseValue] = []
        for value in repeat each values {
            positional.append(value.databaseValue)
        }
        try execute(sql, arguments: StatementArguments(positional))
    }

    /// Runs every statement of `sql` with `arguments`.
    ///
    /// The statements share the positional values in order (the first statement takes as many as
    /// it has parameters, the next one continues from there); a named value fills that name in
    /// every statement. Every value must be used.
    /// - Throws: ``DatabaseError`` from SQLite, `.outOfRange` for a missing or unused value.
    public func execute(_ sql: String, arguments: StatementArguments) throws(DatabaseError) {
        do {
            _ = try runScript(sql, arguments: arguments) { statement in
                try statement.run()
                return true
            }
        } catch let error as DatabaseError {
            throw error
        } catch {
            throw DatabaseError(.error, message: "\(error)", sql: sql, operation: "execute", subject: name)
        }
    }

    /// Runs every statement of `sql` and calls `eachRow` with each row they return: SQLite's
    /// `sqlite3_exec` with a callback, typed.
    ///
    /// Return ``RowAction/stop`` to end early: the remaining rows and statements are skipped and
    /// the call returns normally.
    /// ```swift
    /// try db.execute("SELECT * FROM stocks") { row in
    ///     print(row.columnNames, try row.value(at: 0) as String)
    ///     return .continue
    /// }
    /// ```
    /// - Returns: true when every statement ran to the end, false when `eachRow` stopped it.
    /// - Throws: ``DatabaseError`` from SQLite, or what `eachRow` throws.
    @discardableResult
    public func execute(
        _ sql: String,
        arguments: StatementArguments = [],
        eachRow: (Row) throws -> RowAction
    ) throws -> Bool {
        try runScript(sql, arguments: arguments) { statement in
            var rows = statement.rows()
            while let row = try rows.next() {
                if try eachRow(row) == .stop {
                    return false
                }
            }
            return true
        }
    }

    /// Prepares each statement of `sql` in turn, binds its share of `arguments`, and hands it to
    /// `body`, which runs it (``Statement/execute(_:)``, ``Statement/forEachRow(_:)``, …).
    ///
    /// This is the building block for tools that show each statement's result, such as
    /// `folio db exec`. A statement is prepared only after `body` has returned for the one before.
    /// - Throws: ``DatabaseError`` from SQLite or for missing or unused values, or what `body` throws.
    public func forEachStatement(
        in sql: String,
        arguments: StatementArguments = [],
        _ body: (Statement) throws -> Void
    ) throws {
        _ = try runScript(sql, arguments: arguments) { statement in
            try body(statement)
            return true
        }
    }

    /// Runs the statements of `sql` through `body` until it returns false; returns whether every
    /// statement was handled.
    func runScript(
        _ sql: String,
        arguments: StatementArguments,
        _ body: (Statement) throws -> Bool
    ) throws -> Bool {
        var positional = arguments.positional[...]
        var usedNames: Set<String> = []
        if let cached = statementCache.statement(for: sql), !cached.isStarted {
            try cached.bind(arguments, positional: &positional, usedNames: &usedNames)
            try checkAllUsed(arguments, positional: positional, usedNames: usedNames, sql: sql)
            try connection.checkLimits(sql: cached.sql, operation: "execute")
            return try body(cached)
        }
        var script = try StatementScript(sql, connection: connection)
        var first: Statement?
        while let statement = try script.next() {
            if first == nil {
                first = statement
            }
            try statement.bind(arguments, positional: &positional, usedNames: &usedNames)
            // A statement too short to reach the progress handler still stops once the limits say so.
            try connection.checkLimits(sql: statement.sql, operation: "execute")
            if !(try body(statement)) {
                return false
            }
        }
        try checkAllUsed(arguments, positional: positional, usedNames: usedNames, sql: sql)
        if let first, script.preparedCount == 1 {
            statementCache.insert(first, for: sql)
        }
        return true
    }

    private func checkAllUsed(
        _ arguments: StatementArguments,
        positional: ArraySlice<DatabaseValue>,
        usedNames: Set<String>,
        sql: String
    ) throws(DatabaseError) {
        if !positional.isEmpty {
            throw DatabaseError(
                .outOfRange,
                message: "\(arguments.positional.count) values were given, but the SQL uses only "
                    + "\(arguments.positional.count - positional.count)",
                sql: sql, operation: "bind", subject: name)
        }
        if let unused = arguments.named.keys.sorted().first(where: { !usedNames.contains($0) }) {
            throw DatabaseError(
                .outOfRange, message: "there is no parameter named \(unused)", sql: sql, operation: "bind",
                subject: name)
        }
    }
}
