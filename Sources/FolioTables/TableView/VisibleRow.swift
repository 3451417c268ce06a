import Foundation

/// A row in a table's visible window and the cell that shows it.
public struct VisibleRow {
    /// Where the row is.
    public let indexPath: IndexPath
    /// The cell the data source configured for it.
    public let cell: TableCell
}
