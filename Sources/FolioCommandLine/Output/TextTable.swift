/// Columns aligned for a terminal: each column as wide as its widest cell.
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
        rows.append(row)
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

    /// The number of terminal columns `text` takes: wide East Asian characters count two,
    /// combining marks none.
    public static func width(of text: String) -> Int {
        var width = 0
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value < 0x20 || (0x7F..<0xA0).contains(value) {
                continue
            }
            if scalar.properties.generalCategory == .nonspacingMark
                || scalar.properties.generalCategory == .enclosingMark || value == 0x200B
            {
                continue
            }
            if (0x1100...0x115F).contains(value) || (0x2E80...0xA4CF).contains(value)
                || (0xAC00...0xD7A3).contains(value) || (0xF900...0xFAFF).contains(value)
                || (0xFE30...0xFE4F).contains(value) || (0xFF00...0xFF60).contains(value)
                || (0xFFE0...0xFFE6).contains(value) || (0x1F300...0x1FAFF).contains(value)
                || (0x20000...0x3FFFD).contains(value)
            {
                width += 2
            } else {
                width += 1
            }
        }
        return width
    }
}
