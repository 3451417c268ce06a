import Foundation

/// A table: sections of rows whose content comes from a ``TableDataSource``, shown through a
/// window of visible rows whose cells are reused as the window scrolls.
///
/// The table holds no rows of its own. It asks its data source how many sections and rows there
/// are (counting lazily: a section's rows are counted only as far as the table has needed), and
/// asks for cells only for the rows in its visible window. A cell that leaves the window goes to
/// a reuse pool under its reuse identifier, and the data source gets it back from
/// ``dequeueReusableCell(withIdentifier:style:)`` for the next row. So a table of a million rows
/// materialises about a window's worth of cells, and its memory does not grow with its rows;
/// ``statistics`` counts what it did.
///
/// In editing mode (``setEditing(_:)``) a person's deletions and insertions go to the data source
/// through ``commit(_:forRowAt:)``; a program that changed the model itself tells the table with
/// ``deleteRows(at:)``, ``insertRows(at:)``, ``moveRow(at:to:)`` or ``reloadData()``.
///
/// ```swift
/// let table = TableView(dataSource: simpsons, style: .plain)
/// try table.scrollToRow(at: IndexPath(row: 0, section: 0))
/// for row in try table.visibleRows() { print(row.indexPath, row.cell.text ?? "") }
/// ```
///
/// A table is not `Sendable`: use it from one task at a time.
public final class TableView {
    /// What a table has done with cells, for tests and benchmarks that prove reuse.
    public struct Statistics: Hashable, Sendable {
        /// Distinct cell objects the table has been handed by its data source.
        public var materializedCells = 0
        /// Cells the data source was asked for.
        public var cellRequests = 0
        /// Cells handed out again from the reuse pool.
        public var reusedCells = 0
        /// Cells waiting in the reuse pool now.
        public var pooledCells = 0
        /// Cells in the visible window now.
        public var visibleCells = 0
    }

    /// How sections are presented; fixed when the table is made.
    public let style: TableStyle
    /// Where rows, cells and titles come from. The table keeps it; a data source should not keep
    /// its table (each call passes the table it is for).
    public let dataSource: any TableDataSource
    /// Told about selections; not retained.
    public weak var delegate: (any TableDelegate)?
    /// How many rows ``scrollToRow(at:)`` puts in the visible window.
    public var windowSize: Int {
        didSet { precondition(windowSize > 0, "a table's window holds at least one row") }
    }

    /// Whether the table is in editing mode, where rows can be deleted and inserted.
    public internal(set) var isEditing = false
    /// The selected row, if any.
    public internal(set) var selectedRow: IndexPath?

    var sectionCount: Int?
    var exactRowCounts: [Int: Int] = [:]
    var knownRows: [Int: Int] = [:]
    var window: [IndexPath] = []
    var windowCells: [IndexPath: TableCell] = [:]
    var reusePool: [String: [TableCell]] = [:]
    var counters = Statistics()

    /// A table showing `dataSource`'s content.
    ///
    /// - Parameters:
    ///   - style: plain or grouped; it cannot change later.
    ///   - windowSize: how many rows a scroll shows at once (a screen's worth).
    public init(dataSource: any TableDataSource, style: TableStyle = .plain, windowSize: Int = 40) {
        precondition(windowSize > 0, "a table's window holds at least one row")
        self.dataSource = dataSource
        self.style = style
        self.windowSize = windowSize
    }

    /// What the table has done with cells so far.
    public var statistics: Statistics {
        var result = counters
        result.pooledCells = reusePool.values.reduce(0) { $0 + $1.count }
        result.visibleCells = windowCells.count
        return result
    }

    /// A cell from the reuse pool under `identifier`, cleared for its next row, or a new cell with
    /// `style` and `identifier` when the pool has none.
    ///
    /// A pooled cell with another style is passed over (a style is fixed for a cell's life), so
    /// use one identifier per style.
    public func dequeueReusableCell(withIdentifier identifier: String, style: CellStyle = .default) -> TableCell {
        if let index = reusePool[identifier]?.lastIndex(where: { $0.style == style }),
            let cell = reusePool[identifier]?.remove(at: index)
        {
            cell.prepareForReuse()
            counters.reusedCells += 1
            return cell
        }
        return TableCell(style: style, reuseIdentifier: identifier)
    }

    /// The number of sections, as the data source last said.
    public func numberOfSections() throws(TableError) -> Int {
        if let sectionCount { return sectionCount }
        let count = try dataSource.numberOfSections
        sectionCount = max(0, count)
        return max(0, count)
    }

    /// The number of rows in `section` (counting them all if the table has not yet).
    ///
    /// - Throws: ``TableError`` `.noSuchRow` for a section that does not exist, or what the data
    ///   source throws.
    public func numberOfRows(inSection section: Int) throws(TableError) -> Int {
        try requireSection(section, operation: "count rows")
        if let exact = exactRowCounts[section] { return exact }
        let count = max(0, try dataSource.numberOfRows(in: section))
        exactRowCounts[section] = count
        knownRows[section] = count
        return count
    }

    /// The number of rows in every section together.
    ///
    /// - Complexity: O(sections), plus whatever counting the data source does.
    public func numberOfRows() throws(TableError) -> Int {
        var total = 0
        for section in 0..<(try numberOfSections()) {
            total += try numberOfRows(inSection: section)
        }
        return total
    }

    /// Whether the table has a row at `indexPath`, counting no further than that row.
    public func hasRow(at indexPath: IndexPath) throws(TableError) -> Bool {
        guard indexPath.count == 2, indexPath.section < (try numberOfSections()) else { return false }
        let section = indexPath.section
        if let exact = exactRowCounts[section] { return indexPath.row < exact }
        if let known = knownRows[section], indexPath.row < known { return true }
        // Ask for a little more than needed, so a window fills with few calls.
        let limit = indexPath.row + 1 + windowSize
        let counted = max(0, try dataSource.rowCount(in: section, upTo: limit))
        if counted < limit {
            exactRowCounts[section] = counted
        }
        knownRows[section] = counted
        return indexPath.row < counted
    }

    func requireSection(_ section: Int, operation: String) throws(TableError) {
        guard section >= 0, section < (try numberOfSections()) else {
            throw TableError(
                .noSuchRow, operation: operation, subject: "section \(section)",
                reason: "the table has \(try numberOfSections()) sections")
        }
    }

    func requireRow(_ indexPath: IndexPath, operation: String) throws(TableError) {
        guard indexPath.count == 2, try hasRow(at: indexPath) else {
            throw TableError(
                .noSuchRow, operation: operation, subject: indexPath.dotted,
                reason: "the table has no row at that index path")
        }
    }
}
