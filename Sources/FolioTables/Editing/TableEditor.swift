import Foundation

/// An editing session over a table, driven by lines of text: what `folio table edit` runs when a
/// person types commands, and what a script can feed through standard input.
///
/// The table is put in editing mode. Commands:
///
/// - `list [PATH]`: show rows with their index paths (20 at a time; `list` again goes on);
/// - `delete PATH`: ask to confirm, then delete the row at `PATH` (such as `0.7`) if the next
///   line answers `y` or `yes`;
/// - `save`: ask the caller to write the table back (``Reply/Outcome-swift.enum/save``);
/// - `quit`: end, refused while there are unsaved deletions; `quit!` ends and discards them;
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
    /// Whether rows were deleted since the last save.
    public private(set) var hasUnsavedChanges = false
    private var pendingDeletion: IndexPath?
    private var nextListing: IndexPath?

    /// A session on `table`, which enters editing mode.
    public init(table: TableView) {
        self.table = table
        table.setEditing(true)
    }

    /// What to print before reading a line: a question while a deletion waits for its answer.
    public var prompt: String {
        pendingDeletion == nil ? "edit> " : "delete? [y/N] "
    }

    /// Handles one line.
    ///
    /// - Throws: what the data source throws while reading rows; a command a person mistyped is
    ///   answered in the reply instead.
    public func handle(_ line: String) throws(TableError) -> Reply {
        let words = line.split(whereSeparator: \.isWhitespace).map(String.init)
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
        case "save", "w", "write":
            return Reply(lines: [], outcome: .save)
        case "quit", "q", "exit":
            guard !hasUnsavedChanges else {
                return Reply(
                    lines: ["There are unsaved deletions: 'save' keeps them, 'quit!' discards them."], outcome: .proceed
                )
            }
            return Reply(lines: [], outcome: .quit)
        case "quit!", "q!":
            return Reply(lines: [], outcome: .quit)
        case "help", "?", "h":
            return Reply(
                lines: [
                    "list [PATH]    show rows with their index paths", "delete PATH    delete a row (asks first)",
                    "save           write the file", "quit           end (quit! discards unsaved deletions)",
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
    /// - Returns: each deleted row's path and label, in the order given.
    /// - Throws: ``TableError`` `.noSuchRow` before deleting anything when a path names no row.
    public func delete(_ paths: [IndexPath]) throws(TableError) -> [(path: IndexPath, label: String)] {
        var labels: [IndexPath: String] = [:]
        for path in paths {
            guard try table.hasRow(at: path) else {
                throw TableError(.noSuchRow, operation: "delete", subject: path.dotted, reason: "there is no such row")
            }
            labels[path] = try describe(path)
        }
        for path in Set(paths).sorted(by: >) {
            try table.commit(.delete, forRowAt: path)
            hasUnsavedChanges = true
        }
        return paths.map { ($0, labels[$0] ?? "") }
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
