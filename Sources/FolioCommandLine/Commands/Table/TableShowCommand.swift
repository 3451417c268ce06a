import FolioDatabase
import FolioDatabaseTables
import FolioFiles
import FolioSandbox
import FolioTables
import Foundation

/// `folio table show FILE`: a file, or a query of an SQLite database, as a table view on the
/// terminal, or as HTML or JSON.
enum TableShowCommand {
    static let file = Argument("FILE")
    static let sql = Option(
        "--sql", valueName: "QUERY", help: "FILE is an SQLite database: show the rows of this query (read-only)")
    static let param = RepeatedOption(
        "--param", "-p", valueName: "V", help: "with --sql: a value for the next ? or :name (as in db exec)")
    static let grouped = Flag("--grouped", help: "draw each section as a separate group (default: plain)")
    static let html = Flag("--html", help: "print the table as HTML")
    static let width = Option(
        "--width", valueName: "N", help: "columns to lay the table out in (default: the terminal's, else 80)",
        parse: WholeNumber.parse)

    static let command = Command(
        "show",
        summary: "show a CSV, TSV, JSON or XML file, or an SQLite query's rows, as a table",
        parameters: [file] + TableSource.parameters + [sql, param, grouped, html, width, Pager.noPager],
        discussion: """
            On a terminal a table taller than the screen goes to $PAGER (default: less -R); --json prints
            {"sections":[{"header","footer","rows":[{"indexPath","text","detail","image","imagePath"}]}]}
            (imagePath: the picture the image names, beside the file, by Home path or in Folio.app/Samples;
            --html shows it). Examples:
              folio table show Folio.app/Samples/simpsons.csv --sections section --image image
              folio table show Documents/reply.xml --xpath //entry \\
                  --columns "title, count(link), substring-before(title, ',')"
              folio table show Library/Database/financial.db --style value1 \\
                  --sql "SELECT symbol, purchasePrice FROM stocks WHERE purchasePrice > ?" --param 20
            The rows of a query are read a page at a time as the table is shown, never all at once.
            """
    ) { arguments, context in
        let file = arguments[Self.file]
        let options = try TableSource.tableOptions(arguments)
        let width = arguments[Self.width]
        if let width, width < 10 {
            throw UsageError("--width needs at least 10 columns", usage: arguments.usage)
        }
        let dataSource: RowsDataSource
        // The pictures the image column names, for a table file in the Home (JSON and HTML show them).
        var pictures: CellImageLocator?
        if let sql = arguments[sql] {
            guard options.format == nil, options.rowsXPath == nil, file != "-" else {
                throw UsageError("--sql reads a database file; it goes without --format, --xpath and -")
            }
            dataSource = try query(file, sql: sql, arguments: arguments, options: options, context: context)
        } else {
            guard arguments[param].isEmpty else {
                throw UsageError("--param gives values to --sql", usage: arguments.usage)
            }
            let databaseExtensions = [".db", ".sqlite", ".sqlite3"]
            if options.format == nil, databaseExtensions.contains(where: { file.lowercased().hasSuffix($0) }) {
                throw UsageError(
                    "\(file) is an SQLite database: show a query of it with --sql 'SELECT … FROM TABLE' "
                        + "(folio db tables \(file) lists its tables)", usage: arguments.usage)
            }
            let opened = try TableSource.open(file, options: options, context: context, operation: "table show")
            dataSource = opened.document.dataSource
            if let path = opened.path, options.image != nil {
                pictures = CellImageLocator(files: Files(try context.container()), table: path)
            }
        }
        let table = TableView(dataSource: dataSource, style: arguments[grouped] ? .grouped : .plain)
        let output = context.output
        let found = pictures
        if context.wantsJSON {
            try JSONRenderer { image in found?.path(of: image)?.description }.render(table) { output.write($0) }
            return
        }
        if arguments[html] {
            let container = try context.container()
            let html = HTMLRenderer { image in
                found?.path(of: image).map { URL(fileURLWithPath: container.displayPath(of: $0)).absoluteString }
            }
            try html.render(table) { output.write($0) }
            return
        }
        let screen = TerminalSize.current(isTerminal: output.isTerminal, environment: context.environment)
        let renderer = TerminalRenderer(
            width: width ?? screen.columns, height: max(3, screen.lines - 1),
            usesColor: output.isTerminal && context.environment["NO_COLOR"] == nil)
        if Pager.applies(context, isAllowed: !arguments[Pager.noPager]) {
            let first = try renderer.screen(of: table)
            if !first.isAtBottom {
                try TablePager(renderer: renderer, table: table, context: context).run()
                return
            }
        }
        // The renderer escapes cells itself and adds its own colours; its bytes go out as they are.
        try renderer.render(table, toBytes: { output.write(bytes: $0) })
    }

    /// The rows of `sql` in the database `file`, opened read-only, as a table's data source.
    private static func query(
        _ file: String, sql: String, arguments: Arguments, options: TableOptions, context: CommandContext
    ) throws -> RowsDataSource {
        let values = try ParameterValue.arguments(arguments[param])
        let db = try Database(try SandboxPath(parsing: file), in: try context.container(), mode: .readOnly)
        let rows = try QueryRows(db, sql: sql, arguments: values)
        let mapping = try ColumnMapping(
            columns: rows.columns, text: options.text, detail: options.detail, image: options.image,
            sections: options.sections, style: options.style)
        return try RowsDataSource(source: rows, mapping: mapping, headers: options.headers, footers: options.footers)
    }
}
