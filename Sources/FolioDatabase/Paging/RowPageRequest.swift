/// A page of rows to read with ``Database/page(_:limits:)``: whose rows (a table's or a query's),
/// from which row, how many, and how far to count them.
///
/// ```swift
/// let first = try db.page(RowPageRequest(.table("stocks"), limit: 100))
/// let rich = try db.page(RowPageRequest(.query("SELECT * FROM stocks WHERE purchasePrice > ?", [20]), limit: 50))
/// ```
public struct RowPageRequest: Sendable, Hashable {
    /// Where the rows come from.
    public enum Source: Sendable, Hashable {
        /// A table or view of the main database, by name; a table's rows come with their rowids
        /// (unless it was made `WITHOUT ROWID`).
        case table(String)
        /// One read-only query, as ``Database/prepareReadOnlyQuery(_:)`` accepts it (a trailing
        /// `;` is allowed), with the values of its parameters.
        case query(String, StatementArguments = [])
    }

    /// How far the rows are counted for ``RowPage/total``.
    public enum Counting: Sendable, Hashable {
        /// Not at all: the page's ``RowPage/total`` is nil (``RowPage/next`` still says whether
        /// there are more).
        case none
        /// Every row.
        case all
        /// At most this many rows: a table view asks no further than it shows.
        case upTo(Int)
    }

    /// Whose rows.
    public var source: Source
    /// The first row of the page, from 0.
    public var offset: Int
    /// The most rows the page holds.
    public var limit: Int
    /// How far to count the rows.
    public var counting: Counting
    /// The column the rows are sorted by, or nil for the source's own order.
    public var order: RowOrder?

    /// A request for `limit` rows of `source` from `offset`, counting them all by default, in
    /// `order` (the source's own order by default).
    public init(_ source: Source, offset: Int = 0, limit: Int, counting: Counting = .all, order: RowOrder? = nil) {
        self.source = source
        self.offset = max(0, offset)
        self.limit = max(0, limit)
        self.counting = counting
        self.order = order
    }
}
