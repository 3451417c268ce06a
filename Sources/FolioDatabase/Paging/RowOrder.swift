/// The order of a table's or a query's rows: by one of its columns, ascending or descending.
///
/// The column is named, never written into SQL as given: ``Database/page(_:limits:)`` and
/// ``Database/export(_:order:format:limits:to:)`` accept only a name among the rows' own
/// columns and quote it as an identifier. Rows that tie keep the table's rowid order, so pages
/// neither repeat nor skip a row.
///
/// ```swift
/// let cheapest = try db.page(RowPageRequest(.table("stocks"), limit: 10, order: RowOrder("purchasePrice")))
/// ```
public struct RowOrder: Sendable, Hashable {
    /// The column's name, as the table or the query names it.
    public var column: String
    /// Whether the largest values come first.
    public var isDescending: Bool

    /// The order by `column`, ascending unless `isDescending`.
    public init(_ column: String, isDescending: Bool = false) {
        self.column = column
        self.isDescending = isDescending
    }
}
