import CSQLite

extension Statement {
    /// Runs the statement to completion, discarding any rows, then resets it for the next run.
    ///
    /// With values, they are bound first (one per parameter, in order); with none, the statement
    /// runs with the values bound before.
    /// ```swift
    /// let insert = try db.prepare("INSERT INTO stocks VALUES (?, ?, ?, ?)")
    /// try insert.execute("MSFT", 30.23, 5, "01-03-2007")
    /// ```
    /// - Throws: ``DatabaseError``: SQLite's error (a constraint, a busy database), or
    ///   `.outOfRange` for a wrong number of values.
    @inlinable
    public func execute<each Value: DatabaseValueConvertible>(_ values: repeat each Value) throws(DatabaseError) {
        prepareForBinding()
        var index: Int32 = 0
        repeat try bindNext(each values, index: &index)
        try finishExecute(bound: index)
    }

    /// Binds `arguments`, then runs the statement to completion like ``execute(_:)``.
    public func execute(arguments: StatementArguments) throws(DatabaseError) {
        try bind(arguments)
        try run()
    }

    /// Steps to completion and resets.
    @inlinable
    func run() throws(DatabaseError) {
        prepareForBinding()
        isStarted = true
        while true {
            let result = sqlite3_step(pointer)
            if result == SQLITE_DONE {
                break
            }
            if result != SQLITE_ROW {
                let error = error(result, operation: "execute")
                reset()
                throw error
            }
        }
        reset()
    }

    /// Runs the statement and calls `body` with each row, without copying the result.
    ///
    /// The statement is reset when the rows end, when `body` throws, and when stepping fails;
    /// its bindings stay. Throw from `body` to stop early.
    /// ```swift
    /// let query = try db.prepare("SELECT symbol, purchasePrice FROM stocks")
    /// try query.forEachRow { row in
    ///     print(try row.value(at: 0) as String, try row.value(at: 1) as Double)
    /// }
    /// ```
    /// - Complexity: O(rows); memory does not grow with the number of rows.
    /// - Throws: ``DatabaseError`` from SQLite, or what `body` throws.
    @inlinable
    public func forEachRow(_ body: (Row) throws -> Void) throws {
        prepareForBinding()
        isStarted = true
        defer { reset() }
        var isFirst = true
        while true {
            let result = sqlite3_step(pointer)
            guard result == SQLITE_ROW else {
                if result == SQLITE_DONE {
                    return
                }
                throw error(result, operation: "step")
            }
            if isFirst {
                isFirst = false
                columnCountStorage = sqlite3_column_count(pointer)
            }
            generation &+= 1
            try body(Row(statement: self))
        }
    }

    /// A cursor over the statement's rows, for iterating without a closure.
    ///
    /// ```swift
    /// var rows = try db.prepare("SELECT symbol FROM stocks").rows()
    /// while let row = try rows.next() { print(row[0]) }
    /// ```
    /// The statement is reset when the rows end, when stepping fails, or when the cursor is
    /// released before that.
    public func rows() -> RowCursor {
        prepareForBinding()
        isStarted = true
        executionCount &+= 1
        return RowCursor(statement: self)
    }
}

/// Steps through a statement's rows one at a time; see ``Statement/rows()``.
///
/// Each ``Row`` it returns is valid until the next call to ``next()``.
public struct RowCursor: ~Copyable {
    @usableFromInline let statement: Statement
    @usableFromInline let execution: UInt
    @usableFromInline var isFinished = false

    init(statement: Statement) {
        self.statement = statement
        self.execution = statement.executionCount
    }

    /// The next row, or nil after the last one.
    ///
    /// - Throws: ``DatabaseError`` when stepping fails (the statement is reset then).
    @inlinable
    public mutating func next() throws(DatabaseError) -> Row? {
        guard !isFinished else { return nil }
        precondition(
            statement.executionCount == execution, "a RowCursor was used after its statement ran again")
        let result = sqlite3_step(statement.pointer)
        if result == SQLITE_ROW {
            statement.columnCountStorage = sqlite3_column_count(statement.pointer)
            statement.generation &+= 1
            return Row(statement: statement)
        }
        isFinished = true
        statement.reset()
        if result != SQLITE_DONE {
            throw statement.error(result, operation: "step")
        }
        return nil
    }

    deinit {
        if !isFinished && statement.executionCount == execution {
            statement.reset()
        }
    }
}
