import FolioDatabase
import FolioDatabaseTables
import FolioSandbox
import FolioTables
import Foundation

/// `folio table show FILE`: a file, or a query of an SQLite database, as a table view on the
/// terminal, or as HTML or JSON.
enum TableShowCommand {
    static let command = Command(
        "show",
        summary: "show a CSV, TSV, JSON or XML file, or an SQLite query's rows, as a table",
        usage:
            "show FILE [--style S] [--sections COL] [--header TEXT]… [--footer TEXT]… [--text COL] [--detail COL] "
            + "[--image COL] [--xpath ROWS [--columns XPATHS | --column XPATH…]] [--sql QUERY [--param V]…] "
            + "[--grouped] [--html] [--width N] [--no-pager]",
        options: TableSource.options + [
            ArgumentSpec.Option.value(
                "--sql", name: "QUERY", help: "FILE is an SQLite database: show the rows of this query (read-only)"),
            ArgumentSpec.Option.repeated(
                "--param", "-p", name: "V", help: "with --sql: a value for the next ? or :name (as in db exec)"),
            ArgumentSpec.Option.flag("--grouped", help: "draw each section as a separate group (default: plain)"),
            ArgumentSpec.Option.flag("--html", help: "print the table as HTML"),
            ArgumentSpec.Option.value(
                "--width", name: "N", help: "columns to lay the table out in (default: the terminal's, else 80)"),
            ArgumentSpec.Option.flag("--no-pager", help: "print everything even when it is taller than the terminal"),
        ],
        discussion: """
            On a terminal a table taller than the screen goes to $PAGER (default: less -R); --json prints
            {"sections":[{"header","footer","rows":[{"indexPath","text","detail","image"}]}]}. Examples:
              folio table show Folio.app/Samples/simpsons.csv --sections section --image image
              folio table show Documents/reply.xml --xpath //entry \\
                  --columns "title, count(link), substring-before(title, ',')"
              folio table show Library/Database/financial.db --style value1 \\
                  --sql "SELECT symbol, purchasePrice FROM stocks WHERE purchasePrice > ?" --param 20
            The rows of a query are read a page at a time as the table is shown, never all at once.
            """
    ) { arguments, context in
        let file = try arguments.positional(0, "FILE")
        try arguments.expectAtMost(1)
        let options = try TableSource.tableOptions(arguments)
        let width = try arguments.integer("--width")
        if let width, width < 10 {
            throw UsageError("--width needs at least 10 columns", usage: arguments.usage)
        }
        let dataSource: RowsDataSource
        if let sql = arguments.value("--sql") {
            guard options.format == nil, options.rowsXPath == nil, file != "-" else {
                throw UsageError("--sql reads a database file; it goes without --format, --xpath and -")
            }
            dataSource = try query(file, sql: sql, arguments: arguments, options: options, context: context)
        } else {
            guard arguments.values("--param").isEmpty else {
                throw UsageError("--param gives values to --sql", usage: arguments.usage)
            }
            let databaseExtensions = [".db", ".sqlite", ".sqlite3"]
            if options.format == nil, databaseExtensions.contains(where: { file.lowercased().hasSuffix($0) }) {
                throw UsageError(
                    "\(file) is an SQLite database: show a query of it with --sql 'SELECT … FROM TABLE' "
                        + "(folio db tables \(file) lists its tables)", usage: arguments.usage)
            }
            dataSource = try TableSource.open(file, options: options, context: context, operation: "table show")
                .document.dataSource
        }
        let table = TableView(dataSource: dataSource, style: arguments.flag("--grouped") ? .grouped : .plain)
        let output = context.output
        if context.wantsJSON {
            try JSONRenderer().render(table) { output.write($0) }
            return
        }
        if arguments.flag("--html") {
            try HTMLRenderer().render(table) { output.write($0) }
            return
        }
        let screen = TerminalSize.current(isTerminal: output.isTerminal)
        let renderer = TerminalRenderer(
            width: width ?? screen.columns, height: max(3, screen.lines - 1),
            usesColor: output.isTerminal && ProcessInfo.processInfo.environment["NO_COLOR"] == nil)
        if output.isTerminal && !arguments.flag("--no-pager") {
            let first = try renderer.screen(of: table)
            if !first.isAtBottom {
                try TablePager(renderer: renderer, table: table, context: context).run()
                return
            }
        }
        // The renderer escapes cells itself and adds its own colours.
        try renderer.render(table) { output.writeVerbatim($0) }
    }

    /// The rows of `sql` in the database `file`, opened read-only, as a table's data source.
    private static func query(
        _ file: String, sql: String, arguments: Arguments, options: TableOptions, context: CommandContext
    ) throws -> RowsDataSource {
        let values = try ParameterValue.arguments(arguments.values("--param"))
        let db = try Database(try SandboxPath(parsing: file), in: try context.container(), mode: .readOnly)
        let rows = try QueryRows(db, sql: sql, arguments: values)
        let mapping = try ColumnMapping(
            columns: rows.columns, text: options.text, detail: options.detail, image: options.image,
            sections: options.sections, style: options.style)
        return try RowsDataSource(source: rows, mapping: mapping, headers: options.headers, footers: options.footers)
    }
}
