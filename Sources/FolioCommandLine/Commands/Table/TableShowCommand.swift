import FolioTables
import Foundation

/// `folio table show FILE`: a file as a table view on the terminal, or as HTML or JSON.
enum TableShowCommand {
    static let command = Command(
        "show",
        summary: "show a CSV, TSV, JSON or XML file as a table",
        usage:
            "show FILE [--style S] [--sections COL] [--header TEXT]… [--footer TEXT]… [--text COL] [--detail COL] "
            + "[--image COL] [--xpath ROWS --columns XPATHS] [--grouped] [--html] [--width N] [--no-pager]",
        options: TableSource.options + [
            ArgumentSpec.Option.flag("--grouped", help: "draw each section as a separate group (default: plain)"),
            ArgumentSpec.Option.flag("--html", help: "print the table as HTML"),
            ArgumentSpec.Option.value(
                "--width", name: "N", help: "columns to lay the table out in (default: the terminal's, else 80)"),
            ArgumentSpec.Option.flag("--no-pager", help: "print everything even when it is taller than the terminal"),
        ],
        discussion: """
            On a terminal a table taller than the screen goes to $PAGER (default: less -R); --json prints
            {"sections":[{"header","footer","rows":[{"indexPath","text","detail","image"}]}]}. Example:
              folio table show Folio.app/Samples/simpsons.csv --sections section --image image
            """
    ) { arguments, context in
        let file = try arguments.positional(0, "FILE")
        try arguments.expectAtMost(1)
        let options = try TableSource.tableOptions(arguments)
        let width = try arguments.integer("--width")
        if let width, width < 10 {
            throw UsageError("--width needs at least 10 columns", usage: arguments.usage)
        }
        let opened = try TableSource.open(file, options: options, context: context, operation: "table show")
        let table = TableView(
            dataSource: opened.document.dataSource, style: arguments.flag("--grouped") ? .grouped : .plain)
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
        try renderer.render(table) { output.write($0) }
    }
}
