/// Rows of column values: what every tabular source gives a table — a CSV file, a JSON array, the
/// entries of an XML reply, or the results of a query.
///
/// A source may count and read its rows lazily: ``rowCount(upTo:)`` reads no further than it must,
/// so a table can show the first rows of a huge file at once. ``RowsDataSource`` turns any source
/// into a ``TableDataSource``; a new kind of source (SQL query results, for example) needs only
/// these three members.
public protocol RowSource: AnyObject {
    /// The column names, in order.
    var columns: [String] { get }

    /// The number of rows, or `limit` when there are at least that many.
    func rowCount(upTo limit: Int) throws(TableError) -> Int

    /// The values of the row at `index` (from 0), one per column; missing values are empty.
    ///
    /// - Throws: ``TableError`` `.noSuchRow` past the last row, or a read or parse error.
    func row(at index: Int) throws(TableError) -> [String]
}

extension RowSource {
    /// The number of rows, reading every row to count them if the source is lazy.
    public func rowCount() throws(TableError) -> Int {
        try rowCount(upTo: Int.max)
    }
}
