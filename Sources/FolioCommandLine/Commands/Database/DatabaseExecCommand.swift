import FolioDatabase

/// `folio db exec DB SQL [--param V]…`: run SQL and show what each statement returns or changes.
enum DatabaseExecCommand {
    static let database = Argument("DB")
    static let sql = Argument("SQL", help: "one statement, or several separated by ';'")
    static let param = RepeatedOption(
        "--param", "-p", valueName: "V", help: "a value for the next ? or :name in the SQL (repeatable)")
    static let create = Flag("--create", help: "create the database when it does not exist")

    static let command = Command(
        "exec",
        summary: "run SQL statements and print their rows as a table (or JSON)",
        parameters: [database, sql, param, create],
        discussion: """
            SQL may hold several statements separated by ';'. They run in order as one transaction:
            when one fails, or the values do not fit, none of their changes is kept. A script with
            its own BEGIN, COMMIT, SAVEPOINT or RELEASE, or with VACUUM, ATTACH, DETACH or PRAGMA
            (which SQLite refuses or ignores in a transaction) runs as written, each statement
            committed unless the script says otherwise. Ctrl-C stops the statement that runs and,
            in one transaction, keeps nothing (exit 1). ATTACH and VACUUM INTO name files by their
            path in the Home: ATTACH 'Documents/other.db' AS other. Values are bound, never
            pasted into the SQL. A --param is an integer (42) or a real (14.23) when it reads as one,
            NULL for 'null', and text otherwise; force a type with int:, real:, text: or blob: (hex),
            e.g. text:007. Name a parameter with :name=V, @name=V or $name=V; the others fill the
            statements' parameters in order.

            NULL is shown as NULL, empty or "NULL" text in quotes, and BLOBs by their size and kind;
            a REAL always has a fraction or an exponent (2.0), in the fewest digits that read back as
            the same number. --json prints every value exactly and keeps its type: a REAL as a number
            with a fraction or an exponent, infinities as {"real": "Infinity"} or
            {"real": "-Infinity"}, BLOBs as {"base64": …}.
            """
    ) { arguments, context in
        let database = arguments[Self.database]
        let sql = arguments[Self.sql]
        let values = try ParameterValue.arguments(arguments[param])
        let create = arguments[Self.create]
        let db = try DatabaseCommand.open(database, mode: create ? .create : .readWrite, context: context)
        let managesTransactions = db.isInTransaction || SQLScriptOutline(sql).managesTransactions
        var renderer = ResultRenderer(
            output: context.output, wantsJSON: context.wantsJSON, reportsChangesAtEnd: !managesTransactions)
        // Ctrl-C stops the statement that runs (the progress handler sees the flag between
        // statements too), so that the transaction is rolled back rather than cut short.
        let interruption = SignalInterruption(db.interrupter)
        defer { interruption.stop() }
        let limits = QueryLimits(
            timeLimit: nil, valueSizeLimit: nil, resultSizeLimit: nil, isCancelled: { interruption.isInterrupted })
        let runScript = { (db: Database) throws in
            try db.withLimits(limits) { db in
                try db.forEachStatement(in: sql, arguments: values) { statement in
                    try renderer.run(statement, in: db)
                }
            }
        }
        do {
            if managesTransactions {
                do {
                    try runScript(db)
                } catch  where interruption.isInterrupted {
                    throw CommandFailure("interrupted: the statements before it that committed stay done")
                }
            } else {
                let changesBefore = db.totalChanges
                do {
                    try db.savepoint("folio_exec", runScript)
                } catch {
                    if interruption.isInterrupted {
                        throw CommandFailure("interrupted: nothing was changed (the statements run as one transaction)")
                    }
                    // Rows changed by the statements before the failure were changed and then undone.
                    guard db.totalChanges != changesBefore else { throw error }
                    throw CommandFailure("\(error)\nnothing was changed: the statements run as one transaction")
                }
            }
        } catch {
            renderer.abandon()
            throw error
        }
        renderer.finish()
    }
}
