import CSQLite

extension Database {
    /// Compiles `sql` as a read-only query: the rule of Folio's query box (the web app's and
    /// `folio table show --sql`), in one place.
    ///
    /// ```swift
    /// let statement = try db.prepareReadOnlyQuery("SELECT symbol FROM stocks")
    /// ```
    /// Every statement of the text is checked, and all of them must only read: SQLite must report
    /// each read-only (`sqlite3_stmt_readonly`, so no `INSERT`, `VACUUM`, temporary table or
    /// writing `PRAGMA`), and none may attach or detach a database, begin or end a transaction,
    /// or give a pragma a value (except the pragmas that only describe a table or an index, such
    /// as `PRAGMA table_info(stocks)`). The text must then hold exactly one statement.
    /// - Throws: ``DatabaseError``: `.readOnly` naming what would change, with a message that says
    ///   the query box is read-only; `.misuse` for no statement or several; SQLite's error for SQL
    ///   that does not compile.
    public func prepareReadOnlyQuery(_ sql: String) throws(DatabaseError) -> Statement {
        var script = try StatementScript(sql, connection: connection)
        var statements: [Statement] = []
        while true {
            let (next, events) = try connection.authorizer.recording { () throws(DatabaseError) in try script.next() }
            guard let statement = next else { break }
            if let reason = Database.changes(of: statement, events) {
                throw DatabaseError(
                    .readOnly,
                    message: "the query box is read-only: \(reason); only statements that read run here",
                    sql: statement.sql, operation: "run query", subject: name)
            }
            statements.append(statement)
        }
        guard let statement = statements.first else {
            throw DatabaseError(
                .misuse, message: "the SQL holds no statement", sql: sql, operation: "run query", subject: name)
        }
        guard statements.count == 1 else {
            throw DatabaseError(
                .misuse, message: "the query box runs one statement at a time; this SQL holds \(statements.count)",
                sql: sql, operation: "run query", subject: name)
        }
        return statement
    }

    /// The pragmas that take a value but only describe the schema.
    private static let describingPragmas: Set<String> = [
        "table_info", "table_xinfo", "table_list", "index_info", "index_xinfo", "index_list", "foreign_key_list",
        "foreign_key_check", "integrity_check", "quick_check",
    ]

    /// What `statement` would change, in words, or nil when it only reads.
    private static func changes(of statement: Statement, _ events: [Authorizer.Event]) -> String? {
        for event in events {
            switch event.action {
            case SQLITE_ATTACH, SQLITE_DETACH:
                return "ATTACH and DETACH change which databases the connection sees"
            case SQLITE_TRANSACTION, SQLITE_SAVEPOINT:
                return "\(event.name ?? "a transaction statement") begins or ends a transaction"
            case SQLITE_PRAGMA:
                if event.value != nil, let name = event.name, !describingPragmas.contains(name) {
                    return "PRAGMA \(name) with a value changes a setting"
                }
            default:
                break
            }
        }
        if !statement.isReadOnly {
            return "this statement changes the database"
        }
        return nil
    }
}
