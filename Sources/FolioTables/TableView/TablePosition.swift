import Foundation

/// A place between the elements of a table, as a cursor keeps it: before a section's start,
/// before one of its rows, or before its end.
///
/// Positions order as the elements do: section by section, a section's start first, its rows in
/// order, its end last. A pager keeps the position of each screen's top to page back.
public struct TablePosition: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The section the position is in.
    public let section: Int
    /// 0 before the section's start, 1 before a row, 2 before its end.
    let stage: Int
    /// The row, when before a row.
    let rowIndex: Int

    /// Before the start of `section` (its header).
    public static func start(of section: Int) -> TablePosition {
        TablePosition(section: section, stage: 0, rowIndex: 0)
    }

    /// Before the row at `indexPath`.
    public static func row(_ indexPath: IndexPath) -> TablePosition {
        TablePosition(section: indexPath.section, stage: 1, rowIndex: indexPath.row)
    }

    /// Before the end of `section` (its footer).
    public static func end(of section: Int) -> TablePosition {
        TablePosition(section: section, stage: 2, rowIndex: 0)
    }

    /// The top of a table.
    public static let top = TablePosition.start(of: 0)

    /// The row the position is before, if it is before a row.
    public var indexPath: IndexPath? {
        stage == 1 ? IndexPath(row: rowIndex, section: section) : nil
    }

    public var description: String {
        switch stage {
        case 0: "start of section \(section)"
        case 1: "row \(section).\(rowIndex)"
        default: "end of section \(section)"
        }
    }

    public static func < (lhs: TablePosition, rhs: TablePosition) -> Bool {
        (lhs.section, lhs.stage, lhs.rowIndex) < (rhs.section, rhs.stage, rhs.rowIndex)
    }
}
