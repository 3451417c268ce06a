import Foundation

/// What a ``TableView`` asks for its content: how many sections and rows, the cell for a row,
/// the section titles, and whether and how rows are edited.
///
/// Only ``numberOfRows(in:)`` and ``cell(for:in:)`` are required; a table has one section unless
/// ``numberOfSections`` says otherwise, no titles, and no editable or movable rows.
///
/// A data source that reads rows lazily (a file of a million lines, a query) also implements
/// ``rowCount(in:upTo:)`` so that a table can fill its first screen without counting every row.
///
/// The methods may throw a ``TableError``: a source backed by a file or a query can fail to read
/// it at any row, and says so as a table error that keeps the lower failure as its
/// ``TableError/underlying`` error. The table passes such errors on to its caller unchanged.
/// Declare an implementation `throws(TableError)`: one declared plain `throws` does not implement
/// the requirement, and the default (which refuses the edit) is used instead.
///
/// ```swift
/// final class Simpsons: TableDataSource {
///     var names = ["Homer Jay Simpson", "Marjorie \"Marge\" Simpson"]
///     func numberOfRows(in section: Int) -> Int { names.count }
///     func cell(for indexPath: IndexPath, in tableView: TableView) -> TableCell {
///         let cell = tableView.dequeueReusableCell(withIdentifier: "simpsons", style: .default)
///         cell.text = names[indexPath.row]
///         return cell
///     }
/// }
/// ```
public protocol TableDataSource: AnyObject {
    /// How many sections the table has (1 by default).
    var numberOfSections: Int { get throws(TableError) }

    /// How many rows `section` has.
    func numberOfRows(in section: Int) throws(TableError) -> Int

    /// The number of rows in `section`, or `limit` when there are at least that many.
    ///
    /// The default asks ``numberOfRows(in:)``; a source that counts lazily answers after reading
    /// at most `limit` rows.
    func rowCount(in section: Int, upTo limit: Int) throws(TableError) -> Int

    /// The cell for the row at `indexPath`, configured with the row's content.
    ///
    /// Get the cell from ``TableView/dequeueReusableCell(withIdentifier:style:)`` so that cells
    /// scrolled out of view are reused.
    func cell(for indexPath: IndexPath, in tableView: TableView) throws(TableError) -> TableCell

    /// The title shown above `section`, or nil for none (the default).
    func titleForHeader(in section: Int) throws(TableError) -> String?

    /// The title shown below `section`, or nil for none (the default).
    func titleForFooter(in section: Int) throws(TableError) -> String?

    /// Whether the row at `indexPath` can be deleted or inserted in editing mode (false by default).
    func canEditRow(at indexPath: IndexPath) throws(TableError) -> Bool

    /// Changes the model: removes the row at `indexPath` (``EditingStyle/delete``) or adds a row at
    /// it (``EditingStyle/insert``). The table updates itself afterwards; the data source only
    /// changes its model.
    ///
    /// The default refuses with ``TableError/Code/notEditable``.
    func commit(_ editingStyle: EditingStyle, forRowAt indexPath: IndexPath) throws(TableError)

    /// Whether the row at `indexPath` can be moved (false by default).
    func canMoveRow(at indexPath: IndexPath) throws(TableError) -> Bool

    /// Changes the model: moves the row at `source` to `destination`. The default refuses with
    /// ``TableError/Code/notEditable``.
    func moveRow(at source: IndexPath, to destination: IndexPath) throws(TableError)
}

extension TableDataSource {
    /// One section.
    public var numberOfSections: Int { 1 }

    /// Counts every row of the section with ``numberOfRows(in:)``.
    public func rowCount(in section: Int, upTo limit: Int) throws(TableError) -> Int {
        min(try numberOfRows(in: section), limit)
    }

    /// No header.
    public func titleForHeader(in section: Int) throws(TableError) -> String? { nil }

    /// No footer.
    public func titleForFooter(in section: Int) throws(TableError) -> String? { nil }

    /// No row can be edited.
    public func canEditRow(at indexPath: IndexPath) throws(TableError) -> Bool { false }

    /// Refuses every edit.
    public func commit(_ editingStyle: EditingStyle, forRowAt indexPath: IndexPath) throws(TableError) {
        throw TableError(
            .notEditable, operation: editingStyle.rawValue, subject: indexPath.dotted,
            reason: "the data source does not change its rows")
    }

    /// No row can be moved.
    public func canMoveRow(at indexPath: IndexPath) throws(TableError) -> Bool { false }

    /// Refuses every move.
    public func moveRow(at source: IndexPath, to destination: IndexPath) throws(TableError) {
        throw TableError(
            .notEditable, operation: "move", subject: source.dotted,
            reason: "the data source does not move its rows")
    }
}
