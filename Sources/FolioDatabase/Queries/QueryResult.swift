/// The rows of a query run within ``QueryLimits``: what ``Database/query(_:arguments:limits:)``
/// returns.
public struct QueryResult: Sendable, Hashable {
    /// The column names, in order.
    public var columns: [String]
    /// The rows, each with one value per column, as stored.
    public var rows: [[DatabaseValue]]
    /// Whether the query had more rows than the row limit let through.
    public var isTruncated: Bool

    /// A result of the given rows.
    public init(columns: [String], rows: [[DatabaseValue]], isTruncated: Bool) {
        self.columns = columns
        self.rows = rows
        self.isTruncated = isTruncated
    }
}
