/// A query's rows as an aligned table, written as they come.
///
/// The column widths are those of the first block of rows (and the header); later rows use them
/// too (a longer cell widens only its own line), so a result of any size is shown with the
/// memory of one block. Columns that hold only numbers are aligned right.
struct ResultTable {
    private let output: Output
    private let header: [String]
    private var block: [[String]] = []
    private var isNumeric: [Bool?]
    private var widths: [Int]?
    private static let blockSize = 1000

    init(columns: [String], output: Output) {
        self.output = output
        self.header = columns
        self.isNumeric = Array(repeating: nil, count: columns.count)
    }

    /// Adds a row of cell texts; `numeric[i]` says whether cell `i` is a number (nil for NULL).
    mutating func append(_ cells: [String], numeric: [Bool?]) {
        if widths == nil {
            for (index, value) in numeric.enumerated() where index < isNumeric.count {
                if let value {
                    isNumeric[index] = (isNumeric[index] ?? true) && value
                }
            }
        }
        block.append(cells)
        if block.count >= ResultTable.blockSize {
            flush()
        }
    }

    /// Writes what is buffered (and the header, the first time).
    mutating func flush() {
        let widths: [Int]
        if let known = self.widths {
            widths = known
        } else {
            var measured = header.map(TextTable.width(of:))
            for row in block {
                for (index, cell) in row.enumerated() where index < measured.count {
                    measured[index] = max(measured[index], TextTable.width(of: cell))
                }
            }
            widths = measured
            self.widths = measured
            write(header, widths: widths)
        }
        for row in block {
            write(row, widths: widths)
        }
        block.removeAll(keepingCapacity: true)
    }

    private func write(_ cells: [String], widths: [Int]) {
        var line = ""
        for index in 0..<widths.count {
            let cell = index < cells.count ? cells[index] : ""
            let padding = String(repeating: " ", count: max(0, widths[index] - TextTable.width(of: cell)))
            if index > 0 {
                line += "  "
            }
            if isNumeric[index] == true {
                line += padding + cell
            } else {
                line += index == widths.count - 1 ? cell : cell + padding
            }
        }
        while line.last == " " {
            line.removeLast()
        }
        output.line(line)
    }
}
