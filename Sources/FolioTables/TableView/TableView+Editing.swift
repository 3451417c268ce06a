import Foundation

extension TableView {
    /// Enters or leaves editing mode. Leaving it does not undo edits; entering it clears the
    /// selection (rows are not selected while they are edited).
    public func setEditing(_ editing: Bool) {
        isEditing = editing
        if editing, let selected = selectedRow {
            deselectRow(at: selected)
        }
    }

    /// Carries out a person's edit of one row: the table must be in editing mode and the data
    /// source must allow editing the row; the data source changes its model, and the table then
    /// updates its counts, window and selection as ``deleteRows(at:)`` or ``insertRows(at:)`` do.
    ///
    /// A deletion asks for no confirmation here: confirming is the caller's part, before this call.
    /// - Throws: ``TableError`` `.notEditable` outside editing mode or for a row the data source
    ///   keeps, `.noSuchRow` for a row that does not exist (an insertion may name the position just
    ///   past a section's last row), `.inconsistentUpdate` when the data source's counts do not
    ///   change by one, or what the data source throws. Nothing changes on failure before the
    ///   data source's commit.
    public func commit(_ editingStyle: EditingStyle, forRowAt indexPath: IndexPath) throws(TableError) {
        let operation = editingStyle.rawValue
        guard isEditing else {
            throw TableError(
                .notEditable, operation: operation, subject: indexPath.dotted,
                reason: "the table is not in editing mode")
        }
        switch editingStyle {
        case .delete:
            try requireRow(indexPath, operation: operation)
        case .insert:
            guard indexPath.count == 2, indexPath.row <= (try numberOfRows(inSection: indexPath.section)) else {
                throw TableError(
                    .noSuchRow, operation: operation, subject: indexPath.dotted,
                    reason: "a row can be inserted only within a section or just after its last row")
            }
        }
        // Inserting just past a section's last row names no existing row to ask about.
        let rowCount = try numberOfRows(inSection: indexPath.section)
        let probe = editingStyle == .insert && indexPath.row == rowCount ? nil : indexPath
        if let probe, !(try dataSource.canEditRow(at: probe)) {
            throw TableError(
                .notEditable, operation: operation, subject: indexPath.dotted,
                reason: "the data source does not allow editing this row")
        }
        try dataSource.commit(editingStyle, forRowAt: indexPath)
        switch editingStyle {
        case .delete: try deleteRows(at: [indexPath])
        case .insert: try insertRows(at: [indexPath])
        }
    }

    /// Carries out a person's move of a row in editing mode: the data source must allow moving
    /// it; it moves the row in its model, and the table follows as ``moveRow(at:to:)`` does.
    public func commitMove(from source: IndexPath, to destination: IndexPath) throws(TableError) {
        guard isEditing else {
            throw TableError(
                .notEditable, operation: "move", subject: source.dotted,
                reason: "the table is not in editing mode")
        }
        try requireRow(source, operation: "move")
        guard try dataSource.canMoveRow(at: source) else {
            throw TableError(
                .notEditable, operation: "move", subject: source.dotted,
                reason: "the data source does not allow moving this row")
        }
        try requireMoveDestination(source, destination)
        try dataSource.moveRow(at: source, to: destination)
        try moveRow(at: source, to: destination)
    }

    /// Tells the table that the data source removed the rows at `indexPaths` (as they were before
    /// the removal): it checks the new counts, drops the rows' cells, shifts the rows after them,
    /// and keeps the selection on the same row (or clears it if that row went).
    ///
    /// - Throws: ``TableError`` `.noSuchRow` for a path that was not a row, or
    ///   `.inconsistentUpdate` when a section's new count is not its old count less the rows
    ///   removed from it; the table then reloads everything from the data source.
    public func deleteRows(at indexPaths: [IndexPath]) throws(TableError) {
        let removed = Set(indexPaths)
        var perSection: [Int: [Int]] = [:]
        for path in removed {
            try requireSection(path.section, operation: "delete rows")
            let count = exactRowCounts[path.section] ?? knownRows[path.section] ?? Int.max
            guard path.count == 2, path.row < count else {
                throw TableError(
                    .noSuchRow, operation: "delete rows", subject: path.dotted,
                    reason: "the section had \(count) rows")
            }
            perSection[path.section, default: []].append(path.row)
        }
        for key in perSection.keys { perSection[key]?.sort() }
        try checkCounts(operation: "delete rows", changes: perSection.mapValues { -$0.count })
        if let selected = selectedRow {
            selectedRow = removed.contains(selected) ? nil : TableView.shift(selected, removing: perSection)
        }
        try remapWindow { removed.contains($0) ? nil : TableView.shift($0, removing: perSection) }
    }

    /// Tells the table that the data source added rows at `indexPaths` (as they are after the
    /// addition): it checks the new counts and shifts the rows after them.
    public func insertRows(at indexPaths: [IndexPath]) throws(TableError) {
        var perSection: [Int: [Int]] = [:]
        for path in Set(indexPaths) {
            try requireSection(path.section, operation: "insert rows")
            perSection[path.section, default: []].append(path.row)
        }
        for key in perSection.keys { perSection[key]?.sort() }
        try checkCounts(operation: "insert rows", changes: perSection.mapValues { $0.count })
        let shift = { (path: IndexPath) -> IndexPath in
            guard let inserted = perSection[path.section] else { return path }
            var row = path.row
            for position in inserted where position <= row { row += 1 }
            return IndexPath(row: row, section: path.section)
        }
        selectedRow = selectedRow.map(shift)
        try remapWindow(shift)
    }

    /// Tells the table that the data source moved the row at `source` to `destination`.
    public func moveRow(at source: IndexPath, to destination: IndexPath) throws(TableError) {
        try requireSection(source.section, operation: "move row")
        try requireSection(destination.section, operation: "move row")
        if source.section != destination.section {
            try checkCounts(operation: "move row", changes: [source.section: -1, destination.section: 1])
        } else {
            try checkCounts(operation: "move row", changes: [source.section: 0])
        }
        let map = { (path: IndexPath) -> IndexPath in
            if path == source { return destination }
            var row = path.row
            if path.section == source.section && row > source.row { row -= 1 }
            if path.section == destination.section && row >= destination.row { row += 1 }
            return IndexPath(row: row, section: path.section)
        }
        selectedRow = selectedRow.map(map)
        try remapWindow(map)
    }

    /// Forgets every count and cell and asks the data source again, keeping the window where it
    /// was as far as the rows still reach.
    public func reloadData() throws(TableError) {
        let first = window.first
        let size = window.count
        for cell in windowCells.values { enqueue(cell) }
        windowCells = [:]
        window = []
        sectionCount = nil
        exactRowCounts = [:]
        knownRows = [:]
        if let selected = selectedRow, !(try hasRow(at: selected)) {
            selectedRow = nil
        }
        guard let first, size > 0 else { return }
        let start = try hasRow(at: first) ? first : try lastRow()
        guard let start else { return }
        try setVisibleRows(try rows(from: start, count: size))
    }

    /// The table's last row, counting every row.
    public func lastRow() throws(TableError) -> IndexPath? {
        var section = try numberOfSections() - 1
        while section >= 0 {
            let count = try numberOfRows(inSection: section)
            if count > 0 { return IndexPath(row: count - 1, section: section) }
            section -= 1
        }
        return nil
    }

    private func requireMoveDestination(_ source: IndexPath, _ destination: IndexPath) throws(TableError) {
        try requireSection(destination.section, operation: "move")
        let limit = try numberOfRows(inSection: destination.section) - (source.section == destination.section ? 1 : 0)
        guard destination.count == 2, destination.row <= limit else {
            throw TableError(
                .noSuchRow, operation: "move", subject: destination.dotted,
                reason: "a row can move only within a section or just after its last row")
        }
    }

    /// Checks each section's new count against its old count plus `changes` (where the table
    /// knew the old count), and records it.
    private func checkCounts(operation: String, changes: [Int: Int]) throws(TableError) {
        var fresh: [Int: Int] = [:]
        for (section, change) in changes {
            let new = try dataSource.numberOfRows(in: section)
            // A section the table never counted in full has nothing to check against.
            guard let old = exactRowCounts[section] else {
                fresh[section] = new
                continue
            }
            guard new == old + change else {
                try reloadData()
                throw TableError(
                    .inconsistentUpdate, operation: operation, subject: "section \(section)",
                    reason: "the data source has \(new) rows there, but \(old) \(change < 0 ? "-" : "+") "
                        + "\(abs(change)) were expected")
            }
            fresh[section] = new
        }
        for (section, count) in fresh {
            exactRowCounts[section] = count
            knownRows[section] = count
        }
    }

    private static func shift(_ path: IndexPath, removing perSection: [Int: [Int]]) -> IndexPath {
        guard let removed = perSection[path.section] else { return path }
        var before = 0
        for row in removed where row < path.row { before += 1 }
        return IndexPath(row: path.row - before, section: path.section)
    }
}
