import FolioFiles
import FolioSandbox
import FolioTables
import Foundation

/// `folio table edit FILE`: delete, insert and move rows of a CSV, TSV or JSON file in the Home
/// (each deletion confirmed), and write the file back atomically.
enum TableEditCommand {
    static let file = Argument("FILE")
    static let delete = RepeatedOption(
        "--delete", valueName: "PATH", help: "delete the row at this index path (0.7, or 7 for section 0)",
        parse: indexPath)
    static let insert = Option(
        "--insert", valueName: "PATH", help: "insert a row at this index path (one past the last row appends)",
        parse: indexPath)
    static let values = Option(
        "--values", valueName: "V", help: "the inserted row's values, one CSV record (default: asked for)")
    static let move = Option(
        "--move", valueNames: ["FROM", "TO"], help: "move the row at index path FROM to index path TO"
    ) { words in
        RowMove(from: try indexPath(words[0]), to: try indexPath(words[1]))
    }

    /// The two index paths of `--move FROM TO`.
    struct RowMove: Sendable {
        var from: IndexPath
        var to: IndexPath
    }
    static let yes = Flag("--yes", help: "confirm the --delete rows without asking")

    /// An index path as the options spell it: `0.7`, or `7` for section 0.
    @Sendable static func indexPath(_ text: String) throws(UsageError) -> IndexPath {
        guard
            let path = IndexPath(dotted: text).flatMap({ $0.count == 2 ? $0 : nil })
                ?? Int(text).flatMap({ $0 >= 0 ? IndexPath(row: $0, section: 0) : nil })
        else {
            throw UsageError("'\(text)' is not an index path such as 0.7")
        }
        return path
    }

    static let command = Command(
        "edit",
        summary: "delete, insert and move rows of a CSV, TSV or JSON file",
        parameters: [file, delete, insert, values, move, yes] + TableSource.parameters,
        discussion: """
            With --delete, the rows are deleted once confirmed (on the terminal, or by --yes) and the file is
            written back. --insert PATH adds a row with the --values given (one CSV record such as
            'Maggie,Baby', a value per column; without --values they are read from a line of input), and
            --move FROM TO moves a row. Without these options, edit reads commands, one per line, from the
            terminal or from standard input: list [PATH], delete PATH (then y to confirm), insert PATH
            [VALUES] (the values on the next line when left out), move FROM TO, save, quit (quit! discards).
            The file is replaced atomically, and not at all if it changed since it was read.
            """
    ) { arguments, context in
        let file = arguments[Self.file]
        guard file != "-" else {
            throw UsageError("table edit needs a file in the Home, not standard input", usage: arguments.usage)
        }
        let options = try TableSource.tableOptions(arguments)
        let paths = arguments[delete]
        let given = [!paths.isEmpty, arguments[insert] != nil, arguments[move] != nil].filter { $0 }.count
        guard given <= 1 else {
            throw UsageError("give one of --delete, --insert and --move at a time", usage: arguments.usage)
        }
        guard arguments[values] == nil || arguments[insert] != nil else {
            throw UsageError("--values gives the row that --insert adds", usage: arguments.usage)
        }
        let path = try SandboxPath(parsing: file)
        try context.container().requireWritable(path, operation: "table edit")
        let table = try TableFile(path, in: Files(try context.container()), options: options)
        guard table.document.format.isWritable else {
            throw CommandFailure("\(file): \(table.document.format) tables cannot be edited")
        }
        if !paths.isEmpty {
            try deleteGiven(paths, file: table, arguments: arguments, context: context)
        } else if let position = arguments[insert] {
            try insertGiven(at: position, file: table, arguments: arguments, context: context)
        } else if let (from, to) = arguments[move].map({ ($0.from, $0.to) }) {
            let moved = try table.move(from: from, to: to)
            try report(
                moved, lines: ["Moved \(from.dotted) \(moved.moved?.label ?? "") to \(to.dotted).", "Saved \(file)."],
                context: context)
        } else {
            try session(editor: try table.makeEditor(operation: "edit"), file: table, context: context)
        }
    }

    private static func insertGiven(
        at position: IndexPath, file: TableFile, arguments: Arguments, context: CommandContext
    ) throws {
        let text: String
        if let given = arguments[values] {
            text = given
        } else {
            let columns = file.document.source.columns
            if context.input.isTerminal {
                context.output.write(
                    "Values for the new row (\(TerminalText.sanitized(columns.joined(separator: ",")))): ")
                context.output.flush()
            }
            guard let line = context.input.readLine() else {
                throw CommandFailure("no values were given for the new row; nothing was inserted")
            }
            text = line
        }
        let inserted = try file.insert(try CSVFile.values(ofRecord: text), at: position)
        try report(
            inserted, lines: ["Inserted \(position.dotted) \(inserted.inserted?.label ?? "").", "Saved \(file.path)."],
            context: context)
    }

    private static func report(_ report: TableEditReport, lines: [String], context: CommandContext) throws {
        if context.wantsJSON {
            try context.printJSON(report)
        } else {
            for line in lines { context.output.line(line) }
        }
    }

    private static func deleteGiven(
        _ paths: [IndexPath], file: TableFile, arguments: Arguments, context: CommandContext
    ) throws {
        let editor = try file.makeEditor(operation: "delete")
        var labels: [String] = []
        for path in paths {
            guard try editor.table.hasRow(at: path) else {
                throw TableError(
                    .noSuchRow, operation: "table edit", subject: path.dotted, reason: "there is no such row")
            }
            labels.append("\(path.dotted) \(try editor.describe(path))")
        }
        if !arguments[yes] {
            let question =
                "Delete \(labels.count == 1 ? "" : "\(labels.count) rows: ")\(labels.joined(separator: ", "))? [y/N]"
            guard try context.confirm(question) else {
                context.output.line("Nothing deleted.")
                return
            }
        }
        let deleted = try file.delete(paths)
        try report(
            deleted,
            lines: (deleted.deleted ?? []).map { "Deleted \($0.indexPath) \($0.label)." } + ["Saved \(file.path)."],
            context: context)
    }

    private static func session(editor: TableEditor, file: TableFile, context: CommandContext) throws {
        let interactive = context.input.isTerminal
        if interactive {
            context.output.line(
                "Editing \(file.path): 'list' shows rows, 'delete PATH' deletes one, 'help' lists all.")
        }
        while true {
            if interactive {
                context.output.write(editor.prompt)
                context.output.flush()
            }
            guard let line = context.input.readLine() else {
                if editor.hasUnsavedChanges {
                    throw CommandFailure("input ended before 'save': the changes were not saved")
                }
                return
            }
            let reply = try editor.handle(line)
            for text in reply.lines { context.output.line(text) }
            switch reply.outcome {
            case .proceed: continue
            case .quit: return
            case .save:
                guard editor.hasUnsavedChanges else {
                    // Nothing changed: the file stays as it is, its date too.
                    context.output.line("Nothing to save: \(file.path) is unchanged.")
                    continue
                }
                try file.save()
                editor.didSave()
                context.output.line("Saved \(file.path).")
            }
        }
    }
}
