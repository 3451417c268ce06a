import FolioCore
import FolioDatabase
import Foundation

/// Shows what each statement of `folio db exec` returns or changes: an aligned table for people,
/// or a JSON array with one object per statement.
///
/// When the statements run as one transaction, the table output says how many rows each of them
/// changed at the end, after the commit: a change reported earlier could still be undone by a
/// later statement's failure. The JSON output is held until then for the same reason, and a
/// failed transaction prints none (its error, on standard error, says nothing was changed).
struct ResultRenderer {
    private let output: Output
    private let wantsJSON: Bool
    private let reportsChangesAtEnd: Bool
    private var statementCount = 0
    /// The rows changed by each statement that changes rows, when reported at the end.
    private var pendingChanges: [Int] = []
    /// Whether the table output has shown anything yet (a blank line separates what follows).
    private var hasShownText = false
    private let encoder = FolioJSON.encoder()
    /// The JSON shown so far, while it waits for the transaction to commit.
    private var heldJSON: [String] = []

    /// The longest text shown in a cell on a terminal; `--json` or a pipe shows it all.
    private var textLimit: Int? { output.isTerminal ? 80 : nil }

    /// - Parameter reportsChangesAtEnd: the statements run as one transaction; say how many rows
    ///   they changed in ``finish()``, after it commits, rather than after each statement.
    init(output: Output, wantsJSON: Bool, reportsChangesAtEnd: Bool) {
        self.output = output
        self.wantsJSON = wantsJSON
        self.reportsChangesAtEnd = reportsChangesAtEnd
    }

    /// Runs `statement` and shows its rows, and how many rows it changed.
    mutating func run(_ statement: Statement, in db: Database) throws {
        statementCount += 1
        if wantsJSON {
            try runJSON(statement, in: db)
        } else {
            try runText(statement, in: db)
        }
    }

    /// Ends the output once everything is done (closes the JSON array, or says how many rows the
    /// transaction changed).
    func finish() {
        if wantsJSON {
            for text in heldJSON { output.write(text) }
            output.write(statementCount == 0 ? "[]\n" : "\n]\n")
        } else {
            for changes in pendingChanges {
                output.line(ResultRenderer.rowsChanged(changes))
            }
        }
    }

    /// Ends the output after an error: what was shown stays, the error follows on standard error.
    func abandon() {
        if wantsJSON && statementCount > 0 && !reportsChangesAtEnd {
            output.write("\n")
        }
    }

    private mutating func runText(_ statement: Statement, in db: Database) throws {
        guard statement.columnCount > 0 else {
            try statement.execute()
            reportChanges(of: statement, in: db)
            return
        }
        if hasShownText {
            output.line()
        }
        hasShownText = true
        var table = ResultTable(columns: statement.columnNames, output: output)
        var count = 0
        let limit = textLimit
        try statement.forEachRow { row in
            let cells = (0..<row.count).map { CellText.of(row, at: $0, limit: limit) }
            let numeric = (0..<row.count).map { index -> Bool? in
                switch row.storageClass(at: index) {
                case .null: nil
                case .integer, .real: true
                case .text, .blob: false
                }
            }
            table.append(cells, numeric: numeric)
            count += 1
        }
        table.flush()
        output.line("(\(count) row\(count == 1 ? "" : "s"))")
        reportChanges(of: statement, in: db)
    }

    /// Says how many rows `statement` changed, now or (in one transaction) at the end.
    private mutating func reportChanges(of statement: Statement, in db: Database) {
        guard ResultRenderer.changesRows(statement) else { return }
        if reportsChangesAtEnd {
            pendingChanges.append(db.changes)
        } else {
            output.line(ResultRenderer.rowsChanged(db.changes))
            hasShownText = true
        }
    }

    private mutating func runJSON(_ statement: Statement, in db: Database) throws {
        writeJSON(statementCount == 1 ? "[\n  {\n" : ",\n  {\n")
        writeJSON("    \"sql\" : \(try json(statement.sql))")
        if statement.columnCount > 0 {
            writeJSON(",\n    \"columns\" : \(try json(statement.columnNames)),\n    \"rows\" : [")
            var isFirst = true
            try statement.forEachRow { row in
                let text = "[" + (0..<row.count).map { row[$0].jsonText }.joined(separator: ",") + "]"
                writeJSON((isFirst ? "\n      " : ",\n      ") + text)
                isFirst = false
            }
            writeJSON(isFirst ? "]" : "\n    ]")
        } else {
            try statement.execute()
        }
        if ResultRenderer.changesRows(statement) {
            writeJSON(",\n    \"changes\" : \(db.changes)")
        }
        writeJSON("\n  }")
    }

    /// Writes JSON now, or holds it until the transaction commits.
    private mutating func writeJSON(_ text: String) {
        if reportsChangesAtEnd {
            heldJSON.append(text)
        } else {
            output.write(text)
        }
    }

    private func json(_ value: some Encodable) throws -> String {
        String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    private static func rowsChanged(_ count: Int) -> String {
        "\(count) row\(count == 1 ? "" : "s") changed"
    }

    /// Whether the statement is an `INSERT`, `UPDATE`, `DELETE` or `REPLACE` (possibly after a
    /// `WITH` clause), whose number of changed rows is worth showing.
    static func changesRows(_ statement: Statement) -> Bool {
        guard !statement.isReadOnly else { return false }
        var words = statement.sql.uppercased()[...]
        var first: Substring = ""
        // Skip comments, then take the first word.
        while !words.isEmpty {
            words = words.drop { $0.isWhitespace }
            if words.hasPrefix("--") {
                words = words.drop { $0 != "\n" }
            } else if words.hasPrefix("/*"), let end = words.range(of: "*/") {
                words = words[end.upperBound...]
            } else {
                first = words.prefix { $0.isLetter }
                break
            }
        }
        switch first {
        case "INSERT", "UPDATE", "DELETE", "REPLACE": return true
        case "WITH": return ["INSERT", "UPDATE", "DELETE", "REPLACE"].contains { words.contains($0) }
        default: return false
        }
    }
}
