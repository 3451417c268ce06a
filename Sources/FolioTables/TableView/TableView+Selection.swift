import Foundation

extension TableView {
    /// Selects the row at `indexPath` as a person would: the delegate may redirect or refuse the
    /// selection first, and hears about it afterwards. Selecting deselects the previous row.
    ///
    /// Rows are not selected in editing mode.
    /// - Returns: the row that ended up selected, or nil when the selection was refused.
    /// - Throws: ``TableError`` `.noSuchRow` for a path that is not a row.
    @discardableResult
    public func selectRow(at indexPath: IndexPath) throws(TableError) -> IndexPath? {
        try requireRow(indexPath, operation: "select")
        guard !isEditing else { return nil }
        let target = delegate.map { $0.tableView(self, willSelectRowAt: indexPath) } ?? indexPath
        guard let target else { return nil }
        try requireRow(target, operation: "select")
        if let previous = selectedRow, previous != target {
            deselectRow(at: previous)
        }
        selectedRow = target
        windowCells[target]?.isSelected = true
        delegate?.tableView(self, didSelectRowAt: target)
        return target
    }

    /// Clears the selection of the row at `indexPath`, if it is the selected row.
    public func deselectRow(at indexPath: IndexPath) {
        guard selectedRow == indexPath else { return }
        selectedRow = nil
        windowCells[indexPath]?.isSelected = false
        delegate?.tableView(self, didDeselectRowAt: indexPath)
    }
}
