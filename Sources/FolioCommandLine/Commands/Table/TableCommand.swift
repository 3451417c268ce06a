/// `folio table`: show a CSV, TSV, JSON or XML file as a table view, or delete rows from it.
enum TableCommand {
    static let command = Command(
        group: "table",
        summary: "show a CSV, JSON or XML file as a table, or delete rows from it",
        subcommands: [TableShowCommand.command, TableEditCommand.command],
        discussion: """
            FILE is a path in the Home (Documents/Simpsons.csv, Folio.app/Samples/simpsons.csv), or - for
            standard input. Each row becomes a cell: by default its text is the first column and its detail
            the second (leaving out the --sections column); --text, --detail and --image choose columns by
            name or by number from 1. Rows are addressed by index paths SECTION.ROW counted from 0 (0.7).
            """)
}
