extension Database {
    /// Runs the read-only query `sql` within `limits` and returns its rows.
    ///
    /// ```swift
    /// let limits = QueryLimits(rowLimit: 1000, isCancelled: { request.cancellation.isCancelled })
    /// let result = try db.query("SELECT symbol, purchasePrice FROM stocks", limits: limits)
    /// ```
    /// The query must pass ``prepareReadOnlyQuery(_:)``. It stops stepping once the row limit is
    /// reached (``QueryResult/isTruncated`` then says there were more rows), stops with
    /// ``DatabaseError/Code/interrupted`` at the time limit or when cancelled, and refuses with
    /// ``DatabaseError/Code/tooBig`` a value or a result over the size limits before copying it.
    /// - Complexity: O(rows up to the row limit).
    /// - Throws: ``DatabaseError``.
    public func query(
        _ sql: String,
        arguments: StatementArguments = [],
        limits: QueryLimits
    ) throws(DatabaseError) -> QueryResult {
        try limited(limits) { () throws(DatabaseError) -> QueryResult in
            let statement = try prepareReadOnlyQuery(sql)
            try statement.bind(arguments)
            var result = QueryResult(columns: statement.columnNames, rows: [], isTruncated: false)
            var budget = ResultBudget(limits)
            var rows = statement.rows()
            while let row = try rows.next() {
                if let rowLimit = limits.rowLimit, result.rows.count >= rowLimit {
                    result.isTruncated = true
                    break
                }
                var values: [DatabaseValue] = []
                values.reserveCapacity(row.count)
                for column in 0..<row.count {
                    try budget.admit(row, column: column)
                    values.append(row[column])
                }
                result.rows.append(values)
            }
            result.columns = statement.columnNames
            return result
        }
    }
}
