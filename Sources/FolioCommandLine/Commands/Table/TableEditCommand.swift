import FolioFiles
import FolioSandbox
import FolioTables
import Foundation

/// `folio table edit FILE`: delete rows of a CSV, TSV or JSON file in the Home, each deletion
/// confirmed, and write the file back atomically.
enum TableEditCommand {
    static let file = Argument("FILE")
    static let delete = RepeatedOption(
        "--delete", valueName: "PATH", help: "delete the row at this index path (0.7, or 7 for section 0)"
    ) { text throws(UsageError) -> IndexPath in
        guard
            let path = IndexPath(dotted: text).flatMap({ $0.count == 2 ? $0 : nil })
                ?? Int(text).map({ IndexPath(row: $0, section: 0) })
        else {
            throw UsageError("'\(text)' is not an index path such as 0.7")
        }
        return path
    }
    static let yes = Flag("--yes", help: "confirm the --delete rows without asking")

    static let command = Command(
        "edit",
        summary: "delete rows from a CSV, TSV or JSON file, with confirmation",
        parameters: [file, delete, yes] + TableSource.parameters,
        discussion: """
            With --delete, the rows are deleted once confirmed (on the terminal, or by --yes) and the file is
            written back. Without it, edit reads commands, one per line, from the terminal or from standard
            input: list [PATH], delete PATH (then y to confirm), save, quit (quit! discards). The file is
            replaced atomically, and not at all if it changed since it was read.
            """
    ) { arguments, context in
        let file = arguments[Self.file]
        guard file != "-" else {
            throw UsageError("table edit needs a file in the Home, not standard input", usage: arguments.usage)
        }
        let options = try TableSource.tableOptions(arguments)
        let paths = arguments[delete]
        try context.container().requireWritable(try SandboxPath(parsing: file), operation: "table edit")
        let opened = try TableSource.open(file, options: options, context: context, operation: "table edit")
        guard opened.document.format.isWritable else {
            throw CommandFailure("\(file): \(opened.document.format) tables cannot be edited")
        }
        let editor = TableEditor(table: TableView(dataSource: opened.document.dataSource))
        let saver = TableSaver(opened: opened, context: context)
        if !paths.isEmpty {
            try deleteGiven(paths, editor: editor, saver: saver, arguments: arguments, context: context)
        } else {
            try session(editor: editor, saver: saver, context: context)
        }
    }

    private static func deleteGiven(
        _ paths: [IndexPath], editor: TableEditor, saver: TableSaver, arguments: Arguments, context: CommandContext
    ) throws {
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
        let deleted = try editor.delete(paths)
        try saver.save(editor.table.dataSource)
        editor.didSave()
        if context.wantsJSON {
            try context.printJSON(
                EditReport(
                    path: saver.name, deleted: deleted.map { .init(indexPath: $0.path.dotted, label: $0.label) },
                    rows: try editor.table.numberOfRows()))
        } else {
            for row in deleted { context.output.line("Deleted \(row.path.dotted) \(row.label).") }
            context.output.line("Saved \(saver.name).")
        }
    }

    private static func session(editor: TableEditor, saver: TableSaver, context: CommandContext) throws {
        let interactive = context.input.isTerminal
        if interactive {
            context.output.line(
                "Editing \(saver.name): 'list' shows rows, 'delete PATH' deletes one, 'help' lists all.")
        }
        while true {
            if interactive {
                context.output.write(editor.prompt)
                context.output.flush()
            }
            guard let line = context.input.readLine() else {
                if editor.hasUnsavedChanges {
                    throw CommandFailure("input ended before 'save': the deletions were not saved")
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
                    // Nothing was deleted: the file stays as it is, its date too.
                    context.output.line("Nothing to save: \(saver.name) is unchanged.")
                    continue
                }
                try saver.save(editor.table.dataSource)
                editor.didSave()
                context.output.line("Saved \(saver.name).")
            }
        }
    }

    struct EditReport: Encodable {
        struct Row: Encodable {
            var indexPath: String
            var label: String
        }
        var path: String
        var deleted: [Row]
        var rows: Int
    }
}

/// Writes an edited table back over its file in the Home: atomically, with the old file's
/// permissions, and only if the file did not change since it was read
/// (``FolioFiles/Files/replace(_:ifUnchangedSince:_:)``, as every other save).
struct TableSaver {
    let opened: TableSource.Opened
    let context: CommandContext

    var name: String { opened.path?.description ?? "standard input" }

    func save(_ dataSource: any TableDataSource) throws {
        guard let path = opened.path, let version = opened.version else {
            throw CommandFailure("standard input cannot be written back")
        }
        let document = opened.document
        try Files(try context.container()).replace(path, ifUnchangedSince: version) { file in
            try document.write { bytes in try file.write(bytes) }
        }
    }
}
