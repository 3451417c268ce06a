import Foundation

extension TableView {
    /// The rows in the visible window, in order.
    public var visibleIndexPaths: [IndexPath] { window }

    /// The first and last rows in the visible window, or nil when it is empty.
    public var visibleRange: ClosedRange<IndexPath>? {
        guard let first = window.first, let last = window.last else { return nil }
        return first...last
    }

    /// The cell of a visible row, or nil for a row outside the window (no cell is made for it).
    public func cellForRow(at indexPath: IndexPath) -> TableCell? {
        windowCells[indexPath]
    }

    /// The visible rows with their cells, in order.
    public func visibleRows() -> [VisibleRow] {
        window.compactMap { path in windowCells[path].map { VisibleRow(indexPath: path, cell: $0) } }
    }

    /// Makes `rows` the visible window: rows that stay keep their cells, cells of rows that leave
    /// go to the reuse pool first, and then the data source is asked for the cells of the rows
    /// that enter (so it can reuse the cells that just left).
    ///
    /// - Throws: ``TableError`` `.noSuchRow` for a path that is not a row of the table, or what
    ///   the data source throws; the window is then empty.
    /// - Complexity: O(rows), plus one data source call per entering row.
    public func setVisibleRows(_ rows: [IndexPath]) throws(TableError) {
        for path in rows {
            try requireRow(path, operation: "show row")
        }
        let staying = Set(rows)
        for (path, cell) in windowCells where !staying.contains(path) {
            enqueue(cell)
            windowCells[path] = nil
        }
        window = rows
        do {
            for path in rows where windowCells[path] == nil {
                windowCells[path] = try materializeCell(at: path)
            }
        } catch {
            for cell in windowCells.values { enqueue(cell) }
            windowCells = [:]
            window = []
            throw error
        }
    }

    /// Scrolls so the window shows up to ``windowSize`` rows starting at `indexPath`, across
    /// sections as needed.
    public func scrollToRow(at indexPath: IndexPath) throws(TableError) {
        try requireRow(indexPath, operation: "scroll")
        try setVisibleRows(try rows(from: indexPath, count: windowSize))
    }

    /// Scrolls to the first rows; the window is empty for a table without rows.
    public func scrollToTop() throws(TableError) {
        guard let first = try firstRow() else {
            try setVisibleRows([])
            return
        }
        try scrollToRow(at: first)
    }

    /// Scrolls so the window ends at the table's last row (counting every row to find it).
    public func scrollToBottom() throws(TableError) {
        var rows: [IndexPath] = []
        var section = try numberOfSections() - 1
        while section >= 0 && rows.count < windowSize {
            let count = try numberOfRows(inSection: section)
            var row = count - 1
            while row >= 0 && rows.count < windowSize {
                rows.append(IndexPath(row: row, section: section))
                row -= 1
            }
            section -= 1
        }
        try setVisibleRows(rows.reversed())
    }

    /// Moves the window down by one window's worth of rows; returns false at the end of the table.
    @discardableResult
    public func scrollDown() throws(TableError) -> Bool {
        guard let last = window.last else {
            try scrollToTop()
            return !window.isEmpty
        }
        guard let next = try row(after: last) else { return false }
        try scrollToRow(at: next)
        return true
    }

    /// Up to `count` rows from `start` on, in order, crossing into later sections.
    public func rows(from start: IndexPath, count: Int) throws(TableError) -> [IndexPath] {
        var rows: [IndexPath] = []
        var current: IndexPath? = try hasRow(at: start) ? start : try row(after: start)
        while let path = current, rows.count < count {
            rows.append(path)
            current = try row(after: path)
        }
        return rows
    }

    /// The first row of the table, or nil when every section is empty.
    public func firstRow() throws(TableError) -> IndexPath? {
        try rows(from: IndexPath(row: 0, section: 0), count: 1).first
    }

    /// The row after `indexPath`, in its section or the next non-empty one, or nil at the end.
    public func row(after indexPath: IndexPath) throws(TableError) -> IndexPath? {
        var section = indexPath.section
        var row = indexPath.row + 1
        let sections = try numberOfSections()
        while section < sections {
            let candidate = IndexPath(row: row, section: section)
            if try hasRow(at: candidate) { return candidate }
            section += 1
            row = 0
        }
        return nil
    }

    /// The row before `indexPath`, in its section or the previous non-empty one, or nil at the start.
    public func row(before indexPath: IndexPath) throws(TableError) -> IndexPath? {
        if indexPath.row > 0 {
            return IndexPath(row: indexPath.row - 1, section: indexPath.section)
        }
        var section = indexPath.section - 1
        while section >= 0 {
            let count = try numberOfRows(inSection: section)
            if count > 0 { return IndexPath(row: count - 1, section: section) }
            section -= 1
        }
        return nil
    }

    func materializeCell(at path: IndexPath) throws(TableError) -> TableCell {
        counters.cellRequests += 1
        let cell = try dataSource.cell(for: path, in: self)
        if !cell.isKnownToTable {
            cell.isKnownToTable = true
            counters.materializedCells += 1
        }
        cell.isSelected = path == selectedRow
        return cell
    }

    func enqueue(_ cell: TableCell) {
        guard let identifier = cell.reuseIdentifier else { return }
        reusePool[identifier, default: []].append(cell)
    }

    /// Re-keys the visible cells after the rows moved (a nil destination drops the row), then
    /// refills the window from its former first position to its former size, or ``windowSize`` rows
    /// if that is more (a window that had room shows inserted rows).
    func remapWindow(_ destination: (IndexPath) -> IndexPath?) throws(TableError) {
        let oldWindow = window
        var moved: [IndexPath: TableCell] = [:]
        for path in oldWindow {
            guard let cell = windowCells[path] else { continue }
            if let target = destination(path) {
                moved[target] = cell
            } else {
                enqueue(cell)
            }
        }
        windowCells = moved
        window = oldWindow.compactMap(destination)
        guard !oldWindow.isEmpty else { return }
        // The window keeps its place, as a scrolled view keeps its offset: rows inserted above
        // the top push the others down, and deleted ones pull the next ones up.
        let start = oldWindow[0]
        let first: IndexPath?
        if try hasRow(at: start) {
            first = start
        } else if let before = try row(before: start) {
            first = before
        } else {
            first = try firstRow()
        }
        guard let first else {
            try setVisibleRows([])
            return
        }
        try setVisibleRows(try rows(from: first, count: max(oldWindow.count, windowSize)))
    }
}
