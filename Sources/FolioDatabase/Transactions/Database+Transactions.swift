/// How a transaction takes its locks when it begins (`BEGIN DEFERRED|IMMEDIATE|EXCLUSIVE`).
public enum TransactionKind: String, Sendable, Hashable {
    /// Take locks when the first statement needs them: a read lock at the first read, the write
    /// lock at the first write (which can then fail with ``DatabaseError/Code/busy``).
    case deferred
    /// Take the write lock at once, waiting up to the busy timeout for other writers: what a
    /// transaction that will write should use.
    case immediate
    /// Like ``immediate``; outside WAL mode it also keeps readers out.
    case exclusive
}

extension Database {
    /// Begins a transaction. Prefer ``transaction(_:_:)``, which cannot forget to end it.
    ///
    /// - Throws: ``DatabaseError``, for example when a transaction is already open or the write
    ///   lock of an immediate transaction cannot be had within the busy timeout.
    public func beginTransaction(_ kind: TransactionKind = .deferred) throws(DatabaseError) {
        try execute("BEGIN \(kind.rawValue.uppercased()) TRANSACTION")
    }

    /// Commits the open transaction.
    ///
    /// - Throws: ``DatabaseError`` when the commit fails (the transaction then stays open).
    public func commit() throws(DatabaseError) {
        try execute("COMMIT TRANSACTION")
    }

    /// Rolls the open transaction back.
    ///
    /// - Throws: ``DatabaseError`` when no transaction is open.
    public func rollback() throws(DatabaseError) {
        try execute("ROLLBACK TRANSACTION")
    }

    /// Runs `body` in a transaction: commits when it returns, rolls back when it throws.
    ///
    /// ```swift
    /// try db.transaction(.immediate) { db in
    ///     try db.execute("UPDATE accounts SET balance = balance - 10 WHERE id = 1")
    ///     try db.execute("UPDATE accounts SET balance = balance + 10 WHERE id = 2")
    /// }
    /// ```
    /// If the commit itself fails (a deferred constraint, a busy database), the transaction is
    /// rolled back and the commit's error thrown. Transactions do not nest: inside one, use
    /// ``savepoint(_:_:)``.
    /// - Returns: what `body` returns.
    /// - Throws: what `body` throws, or ``DatabaseError`` from beginning, committing or rolling back.
    @discardableResult
    public func transaction<Result>(
        _ kind: TransactionKind = .deferred,
        _ body: (Database) throws -> Result
    ) throws -> Result {
        try beginTransaction(kind)
        return try run(
            body, end: { () throws(DatabaseError) in try commit() },
            undo: { () throws(DatabaseError) in try rollback() })
    }

    /// Runs `body` inside a savepoint: its changes are kept when it returns and undone when it
    /// throws, without ending an enclosing transaction. Savepoints nest.
    ///
    /// Outside a transaction, a savepoint is a deferred transaction of its own.
    /// - Parameter name: the savepoint's name, quoted as an identifier.
    /// - Throws: what `body` throws, or ``DatabaseError``.
    @discardableResult
    public func savepoint<Result>(
        _ name: String = "folio",
        _ body: (Database) throws -> Result
    ) throws -> Result {
        let quoted = SQL.quoteIdentifier(name)
        try execute("SAVEPOINT \(quoted)")
        return try run(
            body, end: { () throws(DatabaseError) in try execute("RELEASE SAVEPOINT \(quoted)") },
            undo: { () throws(DatabaseError) in
                try execute("ROLLBACK TO SAVEPOINT \(quoted)")
                try execute("RELEASE SAVEPOINT \(quoted)")
            })
    }

    /// Runs `body` in a deferred transaction that is rolled back at the end: `body` sees one
    /// consistent state of the database, and whatever it changes is undone.
    func readTransaction<Value>(_ body: (Database) throws -> Value) throws -> Value {
        try beginTransaction(.deferred)
        return try run(
            body, end: { () throws(DatabaseError) in try rollback() },
            undo: { () throws(DatabaseError) in try rollback() })
    }

    /// Runs `body`, then `end` (a commit or release); when either fails, `undo` (a rollback) and
    /// rethrows.
    private func run<Value>(
        _ body: (Database) throws -> Value,
        end: () throws(DatabaseError) -> Void,
        undo: () throws(DatabaseError) -> Void
    ) throws -> Value {
        do {
            let value = try body(self)
            try end()
            return value
        } catch {
            try rollBack(after: error, undo)
            throw error
        }
    }

    /// Undoes after `failure`; when that fails too, throws an error that tells both.
    private func rollBack(after failure: any Error, _ undo: () throws(DatabaseError) -> Void) throws(DatabaseError) {
        // SQLite may have rolled back already (some errors end the transaction by themselves).
        guard isInTransaction else { return }
        do {
            try undo()
        } catch {
            var combined = error
            combined.message = "rolling back after “\(failure)” failed: \(error.message)"
            throw combined
        }
    }
}
