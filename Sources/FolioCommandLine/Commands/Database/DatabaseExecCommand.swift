import FolioDatabase

/// `folio db exec DB SQL [--param V]…`: run SQL and show what each statement returns or changes.
enum DatabaseExecCommand {
    static let command = Command(
        "exec",
        summary: "run SQL statements and print their rows as a table (or JSON)",
        usage: "exec DB SQL [--param V]… [--create]",
        options: [
            ArgumentSpec.Option.repeated(
                "--param", "-p", name: "V", help: "a value for the next ? or :name in the SQL (repeatable)"),
            ArgumentSpec.Option.flag("--create", help: "create the database when it does not exist"),
        ],
        discussion: """
            SQL may hold several statements separated by ';'. They run in order as one transaction:
            when one fails, or the values do not fit, none of their changes is kept. A script with
            its own BEGIN, COMMIT, SAVEPOINT or RELEASE, or with VACUUM, ATTACH, DETACH or PRAGMA
            (which SQLite refuses or ignores in a transaction) runs as written, each statement
            committed unless the script says otherwise. Values are bound, never
            pasted into the SQL. A --param is an integer (42) or a real (14.23) when it reads as one,
            NULL for 'null', and text otherwise; force a type with int:, real:, text: or blob: (hex),
            e.g. text:007. Name a parameter with :name=V, @name=V or $name=V; the others fill the
            statements' parameters in order.

            NULL is shown as NULL, empty or "NULL" text in quotes, and BLOBs by their size and kind.
            --json prints every value exactly (BLOBs as {"base64": …}).
            """
    ) { arguments, context in
        try arguments.expectAtMost(2)
        let database = try arguments.positional(0, "DB")
        let sql = try arguments.positional(1, "SQL")
        let values = try ParameterValue.arguments(arguments.values("--param"))
        let create = arguments.flag("--create")
        let db: Database
        do {
            db = try DatabaseCommand.open(database, mode: create ? .create : .readWrite, context: context)
        } catch let error as DatabaseError where error.fileError?.code == .notFound && !create {
            throw CommandFailure("\(error); pass --create to make a new database")
        }
        var renderer = ResultRenderer(output: context.output, wantsJSON: context.wantsJSON)
        let runScript = { (db: Database) throws in
            try db.forEachStatement(in: sql, arguments: values) { statement in
                try renderer.run(statement, in: db)
            }
        }
        do {
            if db.isInTransaction || SQLScriptOutline(sql).managesTransactions {
                try runScript(db)
            } else {
                let changesBefore = db.totalChanges
                do {
                    try db.savepoint("folio_exec", runScript)
                } catch {
                    // Rows reported as changed above were changed and then undone: say so.
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
