import FolioCore
import FolioSandbox
import FolioTables

/// Columns aligned for a terminal: each column as wide as its widest cell.
///
/// Cells are text from anywhere (names, values from a file): control characters in them are
/// escaped (``UntrustedText``) before the columns are measured, so they neither reach the
/// terminal nor break the alignment.
public struct TextTable: Sendable {
    /// How a column's cells are aligned.
    public enum Alignment: Sendable {
        case left
        case right
    }

    private var rows: [[String]] = []
    private let alignments: [Alignment]
    private let header: [String]?

    /// A table with the given column alignments and an optional header row.
    public init(alignments: [Alignment], header: [String]? = nil) {
        self.alignments = alignments
        self.header = header
    }

    /// Adds a row; missing cells are empty.
    public mutating func append(_ row: [String]) {
        rows.append(row.map { UntrustedText.escaped($0) })
    }

    /// The table as lines joined by newlines, with a trailing newline when it has rows.
    public func render() -> String {
        var all = rows
        if let header {
            all.insert(header, at: 0)
        }
        guard !all.isEmpty else { return "" }
        var widths = [Int](repeating: 0, count: alignments.count)
        for row in all {
            for (index, cell) in row.enumerated() where index < widths.count {
                widths[index] = max(widths[index], TextTable.width(of: cell))
            }
        }
        var text = ""
        for row in all {
            var line = ""
            for index in 0..<alignments.count {
                let cell = index < row.count ? row[index] : ""
                let padding = String(repeating: " ", count: max(0, widths[index] - TextTable.width(of: cell)))
                let isLast = index == alignments.count - 1
                if index > 0 { line += "  " }
                switch alignments[index] {
                case .left: line += isLast ? cell : cell + padding
                case .right: line += padding + cell
                }
            }
            while line.last == " " { line.removeLast() }
            text += line + "\n"
        }
        return text
    }

    /// The number of terminal columns `text` takes (see `TerminalText.width(of:)`).
    public static func width(of text: String) -> Int {
        TerminalText.width(of: text)
    }
}
