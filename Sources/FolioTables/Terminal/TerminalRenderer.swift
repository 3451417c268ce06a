import Foundation

/// Draws a table for a terminal: section headers and footers, the four cell styles, images as
/// symbols, one screen at a time.
///
/// Every text is made safe with ``TerminalText/sanitized(_:)`` and measured with
/// ``TerminalText/width(of:)``, so wide characters, combining marks and emoji line up and no
/// escape sequence in a cell reaches the terminal. Colour (ANSI SGR) is used only when
/// ``usesColor`` is set, which a caller does only when the output is a terminal.
///
/// The layout follows the cell styles of a table view, each row as wide as the screen:
///
/// ```
/// ● Homer Jay Simpson                        default: image, text
/// ● Homer Jay Simpson                        subtitle: text over a dimmer detail
///   Father
/// ● Homer Jay Simpson                Father  value1: text left, detail right-aligned
/// Homer Jay Simpson Father                   value2: right-aligned text label, then detail
/// ```
///
/// In the plain style a section's header is a rule across the screen and is repeated at the top
/// of each screen that starts inside the section; in the grouped style each section is a box.
/// Only the rows of the screen being drawn get cells: a table is drawn window by window.
public struct TerminalRenderer: Sendable {
    /// The screen's width in columns.
    public var width: Int
    /// The screen's height in lines.
    public var height: Int
    /// Whether to use ANSI colour and emphasis.
    public var usesColor: Bool
    /// The width of the left label column of ``CellStyle/value2`` cells; a quarter of the width
    /// (at least 6 columns) when nil.
    public var labelWidth: Int?

    /// A renderer for a screen of `width` columns and `height` lines.
    ///
    /// - Precondition: the screen is at least 10 columns wide and 3 lines high.
    public init(width: Int = 80, height: Int = 24, usesColor: Bool = false, labelWidth: Int? = nil) {
        precondition(width >= 10 && height >= 3, "a screen of \(width)×\(height) is too small for a table")
        self.width = width
        self.height = height
        self.usesColor = usesColor
        self.labelWidth = labelWidth
    }

    /// The screen that starts at `position`, repeating the section's header on top when the
    /// position is inside a section. The table's visible window becomes the rows shown.
    ///
    /// - Throws: what the table's data source throws.
    public func screen(of table: TableView, from position: TablePosition = .top) throws(TableError) -> TerminalScreen {
        try screen(of: table, from: position, repeatingHeader: true, height: height)
    }

    /// The screen that ends just before `position` (for paging back), or the table's last screen
    /// with ``TablePosition/bottom(of:)``; it is a full screen unless the table is shorter.
    public func screen(of table: TableView, endingAt position: TablePosition) throws(TableError) -> TerminalScreen {
        var cursor = TableCursor(table, at: position)
        var walked: [Step] = []
        var estimate = 0
        while estimate < height + 2 {
            let after = cursor.position
            guard let element = try cursor.previous() else { break }
            walked.append(Step(before: cursor.position, element: element, after: after))
            estimate += try minimumLines(of: element, in: table)
        }
        walked.reverse()
        try table.setVisibleRows(walked.compactMap(\.row))
        var chosen: [([String], Step)] = []
        var used = 0
        for step in walked.reversed() {
            let lines = try self.lines(of: step.element, in: table)
            let opening = try openingLines(at: step.before, in: table)
            guard used + lines.count + opening.count <= height || chosen.isEmpty else { break }
            chosen.insert((lines, step), at: 0)
            used += lines.count
        }
        guard let first = chosen.first?.1, let last = chosen.last?.1 else {
            return TerminalScreen(lines: [], start: position, end: position, isAtTop: true, isAtBottom: true)
        }
        try table.setVisibleRows(chosen.compactMap(\.1.row))
        let lines = try openingLines(at: first.before, in: table) + chosen.flatMap(\.0)
        return TerminalScreen(
            lines: lines, start: first.before, end: last.after, isAtTop: first.before == .top,
            isAtBottom: try TableCursor(table, at: last.after).isAtEnd())
    }

    /// Draws the whole table, handing it to `write` in chunks of whole lines (each with its newline).
    ///
    /// Memory stays the same for any number of rows: a table from a CSV file shown in the file's
    /// order is streamed from the file in one pass (see ``render(_:toBytes:)``), any other table is
    /// drawn screen by screen with only one screen's rows having cells. Headers are not repeated:
    /// the output is one continuous table.
    /// - Throws: what the data source or `write` throws.
    public func render(_ table: TableView, to write: (String) throws -> Void) throws {
        let streamed = try renderStreaming(table) { chunk in try write(String(decoding: chunk, as: UTF8.self)) }
        if !streamed {
            try renderScreens(table, to: write)
        }
    }

    /// Draws the whole table as ``render(_:to:)`` does, handing `write` its UTF-8 in large chunks
    /// of whole lines: what a program writing a table to a file or a pipe uses.
    ///
    /// A table whose data source is a ``RowsDataSource`` over a ``CSVFile``, without sections or
    /// deleted rows and not in editing mode or with a row selected, is laid out straight from the
    /// file's bytes in one pass, with no cell or string made per row; the bytes are the same as
    /// drawing it screen by screen.
    /// - Throws: what the data source or `write` throws.
    public func render(_ table: TableView, toBytes write: (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        let streamed = try renderStreaming(table, to: write)
        if !streamed {
            try renderScreens(table) { text in
                var text = text
                try text.withUTF8 { try write($0) }
            }
        }
    }

    /// Draws the whole table screen by screen, whatever its data source.
    func renderScreens(_ table: TableView, to write: (String) throws -> Void) throws {
        var position = TablePosition.top
        while true {
            let screen = try screen(of: table, from: position, repeatingHeader: false, height: max(height, 64))
            var chunk = ""
            for line in screen.lines {
                chunk += line
                chunk += "\n"
            }
            if !chunk.isEmpty { try write(chunk) }
            if screen.isAtBottom || screen.end == position { return }
            position = screen.end
        }
    }

    /// The whole table as one string: for small tables and tests.
    public func string(of table: TableView) throws -> String {
        var text = ""
        try render(table) { text += $0 }
        return text
    }

    private struct Step {
        var before: TablePosition
        var element: TableElement
        var after: TablePosition
        var row: IndexPath? {
            if case .row(let path) = element { return path }
            return nil
        }
    }

    private func screen(
        of table: TableView, from position: TablePosition, repeatingHeader: Bool, height: Int
    ) throws(TableError) -> TerminalScreen {
        var lines = repeatingHeader ? try openingLines(at: position, in: table) : []
        var cursor = TableCursor(table, at: position)
        var walked: [Step] = []
        var estimate = lines.count
        while estimate < height {
            let before = cursor.position
            guard let element = try cursor.next() else { break }
            walked.append(Step(before: before, element: element, after: cursor.position))
            estimate += try minimumLines(of: element, in: table)
        }
        try table.setVisibleRows(walked.compactMap(\.row))
        var end = position
        var shownRows: [IndexPath] = []
        for step in walked {
            let more = try self.lines(of: step.element, in: table)
            if lines.count + more.count > height && end != position { break }
            lines += more
            end = step.after
            if let row = step.row { shownRows.append(row) }
        }
        if shownRows.count != table.visibleIndexPaths.count {
            try table.setVisibleRows(shownRows)
        }
        return TerminalScreen(
            lines: lines, start: position, end: end, isAtTop: position == .top,
            isAtBottom: try TableCursor(table, at: end).isAtEnd())
    }

    /// What is drawn above a screen that starts inside a section: its header (and box top).
    private func openingLines(at position: TablePosition, in table: TableView) throws(TableError) -> [String] {
        guard position != .start(of: position.section), !(try TableCursor(table, at: position).isAtEnd()) else {
            return []
        }
        let header = try table.dataSource.titleForHeader(in: position.section)
        return sectionStartLines(header: header, section: 0, isGrouped: table.style == .grouped)
    }

    private func minimumLines(of element: TableElement, in table: TableView) throws(TableError) -> Int {
        switch element {
        case .row: 1
        default: try lines(of: element, in: table).count
        }
    }

    func lines(of element: TableElement, in table: TableView) throws(TableError) -> [String] {
        switch element {
        case .sectionStart(let section, let header):
            return sectionStartLines(header: header, section: section, isGrouped: table.style == .grouped)
        case .sectionEnd(_, let footer):
            var lines: [String] = []
            if table.style == .grouped {
                lines.append("╰" + String(repeating: "─", count: width - 2) + "╯")
            }
            if let footer {
                let text = TerminalText.truncated(TerminalText.sanitized(footer), toWidth: width - 2)
                lines.append("  " + styled(text, "2"))
            }
            return lines
        case .row(let path):
            guard let cell = table.cellForRow(at: path) else { return [] }
            let marker = table.isEditing ? (try table.dataSource.canEditRow(at: path) ? "⊖ " : "  ") : ""
            return rowLines(
                cell.content, isSelected: cell.isSelected, marker: marker, isGrouped: table.style == .grouped)
        }
    }

    private func sectionStartLines(header: String?, section: Int, isGrouped: Bool) -> [String] {
        var lines: [String] = []
        let title = header.map { TerminalText.truncated(TerminalText.sanitized($0), toWidth: width - 3) }
        if isGrouped {
            if section > 0 { lines.append("") }
            if let title { lines.append(styled(title, "1")) }
            lines.append("╭" + String(repeating: "─", count: width - 2) + "╮")
        } else if let title {
            let rule = String(repeating: "─", count: max(0, width - TerminalText.width(of: title) - 1))
            lines.append(styled(title, "1") + " " + styled(rule, "2"))
        }
        return lines
    }
}
