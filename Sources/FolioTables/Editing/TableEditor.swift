import Foundation

/// An editing session over a table, driven by lines of text: what `folio table edit` runs when a
/// person types commands, and what a script can feed through standard input.
///
/// The table is put in editing mode. Commands:
///
/// - `list [PATH]`: show rows with their index paths (20 at a time; `list` again goes on);
/// - `delete PATH`: ask to confirm, then delete the row at `PATH` (such as `0.7`) if the next
///   line answers `y` or `yes`;
/// - `insert PATH [VALUES]`: insert a row at `PATH` (the row there and those after it move down;
///   one past the last row appends), with `VALUES` or, without them, the next line: one CSV record
///   (`Maggie Simpson,Baby`, quotes around a value holding a comma), a value per column;
/// - `move FROM TO`: move the row at `FROM` to `TO`, as the table view's reordering does;
/// - `save`: ask the caller to write the table back (``Reply/Outcome-swift.enum/save``);
/// - `quit`: end, refused while there are unsaved changes; `quit!` ends and discards them;
/// - `help`.
///
/// A deletion always waits for its confirmation line, so a mistyped path never deletes a row.
public final class TableEditor {
    /// What the caller does after a line.
    public struct Reply: Hashable, Sendable {
        /// What to do next.
        public enum Outcome: Hashable, Sendable {
            /// Read the next line.
            case proceed
            /// Write the table back, call ``TableEditor/didSave()``, and read the next line.
            case save
            /// End the session.
            case quit
        }

        /// Lines to show the person.
        public var lines: [String]
        /// What to do next.
        public var outcome: Outcome
    }

    /// The table edited.
    public let table: TableView
    /// How many rows ``list`` shows at once.
    public var pageSize = 20
    /// Whether rows were deleted, inserted or moved since the last save.
    public private(set) var hasUnsavedChanges = false
    private var pendingDeletion: IndexPath?
    private var pendingInsertion: IndexPath?
    private var nextListing: IndexPath?

    /// A session on `table`, which enters editing mode.
    public init(table: TableView) {
        self.table = table
        table.setEditing(true)
    }

    /// What to print before reading a line: a question while a deletion waits for its answer.
    public var prompt: String {
        if pendingDeletion != nil { return "delete? [y/N] " }
        if pendingInsertion != nil {
            let columns = (table.dataSource as? RowsDataSource)?.source.columns ?? []
            return "values (" + TerminalText.sanitized(columns.joined(separator: ",")) + ")> "
        }
        return "edit> "
    }

    /// Handles one line.
    ///
    /// - Throws: what the data source throws while reading rows; a command a person mistyped is
    ///   answered in the reply instead.
    public func handle(_ line: String) throws(TableError) -> Reply {
        let words = line.split(whereSeparator: \.isWhitespace).map(String.init)
        if let path = pendingInsertion {
            pendingInsertion = nil
            return try insertReply(line, at: path)
        }
        if let path = pendingDeletion {
            pendingDeletion = nil
            let answer = words.first?.lowercased() ?? ""
            guard answer == "y" || answer == "yes" else {
                return Reply(lines: ["Kept \(path.dotted)."], outcome: .proceed)
            }
            let label = try describe(path)
            try table.commit(.delete, forRowAt: path)
            hasUnsavedChanges = true
            return Reply(lines: ["Deleted \(path.dotted) \(label)."], outcome: .proceed)
        }
        guard let command = words.first?.lowercased() else { return Reply(lines: [], outcome: .proceed) }
        switch command {
        case "list", "ls", "l":
            return try list(from: words.count > 1 ? parse(words[1]) : nil)
        case "delete", "del", "d", "rm":
            guard words.count == 2 else { return Reply(lines: ["usage: delete PATH (such as 0.7)"], outcome: .proceed) }
            guard let path = parse(words[1]), try table.hasRow(at: path) else {
                return Reply(lines: ["There is no row \(words[1]); 'list' shows the rows."], outcome: .proceed)
            }
            guard try table.dataSource.canEditRow(at: path) else {
                return Reply(lines: ["Row \(path.dotted) cannot be deleted."], outcome: .proceed)
            }
            pendingDeletion = path
            return Reply(lines: ["Delete \(path.dotted) \(try describe(path))?"], outcome: .proceed)
        case "insert", "ins", "i", "add":
            let parts = line.split(maxSplits: 2, whereSeparator: \.isWhitespace)
            guard parts.count >= 2, let path = parse(String(parts[1])) else {
                return Reply(lines: ["usage: insert PATH [VALUES] (such as insert 0.3 Maggie,Baby)"], outcome: .proceed)
            }
            guard path.row <= (try table.numberOfRows(inSection: path.section)) else {
                return Reply(
                    lines: [
                        "There is no place \(path.dotted); a row goes within the table or just after its last row."
                    ],
                    outcome: .proceed)
            }
            guard parts.count == 3 else {
                pendingInsertion = path
                return Reply(
                    lines: ["Values for the new row \(path.dotted), separated by commas:"], outcome: .proceed)
            }
            return try insertReply(String(parts[2]), at: path)
        case "move", "mv", "m":
            guard words.count == 3, let from = parse(words[1]), let to = parse(words[2]) else {
                return Reply(lines: ["usage: move FROM TO (such as move 0.7 0.0)"], outcome: .proceed)
            }
            do {
                let label = try move(from: from, to: to)
                return Reply(lines: ["Moved \(from.dotted) \(label) to \(to.dotted)."], outcome: .proceed)
            } catch {
                return Reply(lines: [error.description], outcome: .proceed)
            }
        case "save", "w", "write":
            return Reply(lines: [], outcome: .save)
        case "quit", "q", "exit":
            guard !hasUnsavedChanges else {
                return Reply(
                    lines: ["There are unsaved changes: 'save' keeps them, 'quit!' discards them."], outcome: .proceed
                )
            }
            return Reply(lines: [], outcome: .quit)
        case "quit!", "q!":
            return Reply(lines: [], outcome: .quit)
        case "help", "?", "h":
            return Reply(
                lines: [
                    "list [PATH]            show rows with their index paths",
                    "delete PATH            delete a row (asks first)",
                    "insert PATH [VALUES]   insert a row (asks for its values: a,b,c)",
                    "move FROM TO           move a row", "save                   write the file",
                    "quit                   end (quit! discards unsaved changes)",
                ], outcome: .proceed)
        default:
            return Reply(lines: ["Unknown command '\(command)'; 'help' lists the commands."], outcome: .proceed)
        }
    }

    /// Records that the table was written back.
    public func didSave() {
        hasUnsavedChanges = false
    }

    /// Deletes the rows at `paths` (as they are now) without asking: for a caller that confirmed
    /// them all at once. Rows are deleted from the last to the first, so each path stays valid.
    ///
    /// - Returns: each deleted row's path and label, in the order given; a path given twice is
    ///   one row, deleted and reported once.
    /// - Throws: ``TableError`` `.noSuchRow` before deleting anything when a path names no row.
    public func delete(_ paths: [IndexPath]) throws(TableError) -> [(path: IndexPath, label: String)] {
        var deleted: [(path: IndexPath, label: String)] = []
        var seen: Set<IndexPath> = []
        for path in paths where seen.insert(path).inserted {
            guard try table.hasRow(at: path) else {
                throw TableError(.noSuchRow, operation: "delete", subject: path.dotted, reason: "there is no such row")
            }
            deleted.append((path, try describe(path)))
        }
        for path in seen.sorted(by: >) {
            try table.commit(.delete, forRowAt: path)
            hasUnsavedChanges = true
        }
        return deleted
    }

    /// Inserts a row with `values` at `path` (the row there and the rows after it move down; the
    /// position just past the last row appends).
    ///
    /// - Returns: the new row's label.
    /// - Throws: ``TableError`` `.invalidValues` when the values do not match the columns,
    ///   `.noSuchRow` for a position outside the table, `.notEditable` for a table that cannot
    ///   take new rows. Nothing changes then.
    @discardableResult
    public func insert(_ values: [String], at path: IndexPath) throws(TableError) -> String {
        guard let rows = table.dataSource as? RowsDataSource else {
            throw TableError(
                .notEditable, operation: "insert", subject: path.dotted, reason: "this table cannot take new rows")
        }
        try rows.stageInsertion(values)
        try table.commit(.insert, forRowAt: path)
        hasUnsavedChanges = true
        return try describe(path)
    }

    /// Moves the row at `source` to `destination`.
    ///
    /// - Returns: the moved row's label.
    /// - Throws: ``TableError`` `.noSuchRow` when either path is outside the table, `.notEditable`
    ///   for a table whose rows cannot move. Nothing changes then.
    @discardableResult
    public func move(from source: IndexPath, to destination: IndexPath) throws(TableError) -> String {
        guard try table.hasRow(at: source) else {
            throw TableError(.noSuchRow, operation: "move", subject: source.dotted, reason: "there is no such row")
        }
        let label = try describe(source)
        try table.commitMove(from: source, to: destination)
        hasUnsavedChanges = true
        return label
    }

    private func insertReply(_ text: String, at path: IndexPath) throws(TableError) -> Reply {
        do {
            let values = try CSVFile.values(ofRecord: text)
            let label = try insert(values, at: path)
            return Reply(lines: ["Inserted \(path.dotted) \(label)."], outcome: .proceed)
        } catch {
            switch error.code {
            case .invalidValues, .malformedCSV, .noSuchRow, .notEditable, .invalidEncoding:
                return Reply(lines: [error.description + "; nothing was inserted."], outcome: .proceed)
            default: throw error
            }
        }
    }

    /// A row's text (and detail) in quotes, for messages.
    public func describe(_ path: IndexPath) throws(TableError) -> String {
        try table.setVisibleRows([path])
        let cell = table.cellForRow(at: path)
        var text = "“" + TerminalText.sanitized(cell?.text ?? "") + "”"
        if let detail = cell?.detail, !detail.isEmpty, cell?.style.showsDetail == true {
            text += " (" + TerminalText.sanitized(detail) + ")"
        }
        return text
    }

    private func list(from start: IndexPath?) throws(TableError) -> Reply {
        let from: IndexPath?
        if let start = start ?? nextListing {
            from = start
        } else {
            from = try table.firstRow()
        }
        guard let first = from else {
            return Reply(lines: ["The table has no rows."], outcome: .proceed)
        }
        let rows = try table.rows(from: first, count: pageSize)
        try table.setVisibleRows(rows)
        var lines: [String] = []
        var section = -1
        for path in rows {
            if path.section != section {
                section = path.section
                if let header = try table.dataSource.titleForHeader(in: section) {
                    lines.append("— " + TerminalText.sanitized(header))
                }
            }
            let cell = table.cellForRow(at: path)
            var line = path.dotted.padding(toLength: max(6, path.dotted.count + 2), withPad: " ", startingAt: 0)
            line += TerminalText.sanitized(cell?.text ?? "")
            if let detail = cell?.detail, !detail.isEmpty {
                line += "  (" + TerminalText.sanitized(detail) + ")"
            }
            lines.append(line)
        }
        if let last = rows.last {
            nextListing = try table.row(after: last)
        } else {
            nextListing = nil
        }
        if nextListing == nil { lines.append("(end of table)") }
        return Reply(lines: lines, outcome: .proceed)
    }

    private func parse(_ word: String) -> IndexPath? {
        if let path = IndexPath(dotted: word), path.count == 2 { return path }
        if let row = Int(word), row >= 0 { return IndexPath(row: row, section: 0) }
        return nil
    }
}
