import Foundation

/// Walks a table's elements (section starts, rows, section ends) forwards or backwards from a
/// position, asking the data source only for counts and titles, never for cells.
///
/// Walking forwards counts rows lazily, so the first screen of a huge lazily read table needs
/// only its first rows; walking backwards from a section's end counts that section in full.
///
/// ```swift
/// var cursor = TableCursor(table, at: .top)
/// while let element = try cursor.next() { … }
/// ```
public struct TableCursor {
    /// The table walked.
    public let table: TableView
    /// Where the cursor is: before the element ``next()`` returns.
    public private(set) var position: TablePosition

    /// A cursor on `table` at `position`.
    public init(_ table: TableView, at position: TablePosition = .top) {
        self.table = table
        self.position = position
    }

    /// Whether the position is past the table's last element.
    public func isAtEnd() throws(TableError) -> Bool {
        position.section >= (try table.numberOfSections())
    }

    /// The element after the cursor, moving past it; nil at the end of the table.
    public mutating func next() throws(TableError) -> TableElement? {
        guard !(try isAtEnd()) else { return nil }
        let section = position.section
        let element = try element(at: position)
        switch position.stage {
        case 0, 1:
            let row = position.stage == 0 ? 0 : position.rowIndex + 1
            let candidate = IndexPath(row: row, section: section)
            position = try table.hasRow(at: candidate) ? .row(candidate) : .end(of: section)
        default:
            position = .start(of: section + 1)
        }
        return element
    }

    /// The element before the cursor, moving back over it; nil at the top of the table.
    public mutating func previous() throws(TableError) -> TableElement? {
        let section = min(position.section, try table.numberOfSections())
        switch position.stage {
        case 0 where section == 0:
            return nil
        case 0:
            position = .end(of: section - 1)
        case 1 where position.rowIndex > 0:
            position = .row(IndexPath(row: position.rowIndex - 1, section: section))
        case 1:
            position = .start(of: section)
        default:
            let count = try table.numberOfRows(inSection: section)
            position = count > 0 ? .row(IndexPath(row: count - 1, section: section)) : .start(of: section)
        }
        return try element(at: position)
    }

    private func element(at position: TablePosition) throws(TableError) -> TableElement {
        let section = position.section
        switch position.stage {
        case 0: return .sectionStart(section: section, header: try table.dataSource.titleForHeader(in: section))
        case 1: return .row(IndexPath(row: position.rowIndex, section: section))
        default: return .sectionEnd(section: section, footer: try table.dataSource.titleForFooter(in: section))
        }
    }
}

extension TablePosition {
    /// The position after the table's last element.
    public static func bottom(of table: TableView) throws(TableError) -> TablePosition {
        .start(of: try table.numberOfSections())
    }
}
