extension Database {
    /// One page of a table's or a query's rows, with how many rows there are and where the next
    /// page starts: the paging of every table view (the web app's, `folio table show --sql`).
    ///
    /// ```swift
    /// var request = RowPageRequest(.table("stocks"), limit: 100)
    /// while true {
    ///     let page = try db.page(request)
    ///     show(page.rows)
    ///     guard let next = page.next else { break }
    ///     request.offset = next
    /// }
    /// ```
    /// A table's rows come in SQLite's order with their rowids (unless it is `WITHOUT ROWID`, as
    /// its schema says); a query is read a page at a time (`LIMIT`/`OFFSET` around it), never whole.
    /// BLOBs are summarised, not copied (``BlobSummary``); the other values count against the
    /// result size limit of `limits` (``ResultBudget``), and the statements run within its time
    /// limit and cancellation.
    /// With an ``RowPageRequest/order``, rows are sorted by that column (SQLite's `ORDER BY`,
    /// ties in rowid order), the column checked against the rows' own and quoted. A sorted page of
    /// a table in its second half is read from the other end in the opposite order and turned
    /// round (the same rows: rowids break every tie), so the last page of ten million rows sorted
    /// by a column without an index keeps only its rows in SQLite's sorter, as the first does,
    /// instead of sorting them all.
    /// - Complexity: O(`offset` + `limit`) rows stepped, plus the rows counted (and the sort).
    /// - Throws: ``DatabaseError``: `.notFound` for a table or view that does not exist; for a
    ///   query what ``prepareReadOnlyQuery(_:)`` throws, `.misuse` when it returns no columns;
    ///   `.interrupted` and `.tooBig` from the limits.
    public func page(
        _ request: RowPageRequest, limits: QueryLimits = QueryLimits(valueSizeLimit: nil)
    ) throws(DatabaseError) -> RowPage {
        try limited(limits) { () throws(DatabaseError) -> RowPage in
            let rows = try pageSource(request.source)
            if let fromTheEnd = try pageFromTheEnd(request, rows: rows, limits: limits) {
                return fromTheEnd
            }
            // One row more than the page says whether another page follows.
            let statement = try prepare(
                "SELECT \(rows.hasRowID ? #"rowid AS "folio:rowid", "# : "")* FROM \(rows.from)"
                    + (try rows.orderBy(request.order)) + " LIMIT \(request.limit + 1) OFFSET \(request.offset)")
            try statement.bind(rows.arguments)
            let first = rows.hasRowID ? 1 : 0
            var page = RowPage(
                columns: Array(statement.columnNames.dropFirst(first)), rows: [], rowIDs: rows.hasRowID ? [] : nil,
                offset: request.offset, total: nil, next: nil)
            var budget = ResultBudget(limits)
            var cursor = statement.rows()
            while let row = try cursor.next() {
                guard page.rows.count < request.limit else {
                    page.next = request.offset + request.limit
                    break
                }
                if rows.hasRowID, case .integer(let rowID) = row[0] {
                    page.rowIDs?.append(rowID)
                }
                page.rows.append(try Database.pageValues(row, from: first, budget: &budget))
            }
            page.total = try countRows(from: rows, counting: request.counting)
            return page
        }
    }

    /// A sorted page of a table past the middle of its rows, read in the opposite order from the
    /// other end (see ``page(_:limits:)``); nil when the page is not one.
    private func pageFromTheEnd(_ request: RowPageRequest, rows: PageSource, limits: QueryLimits)
        throws(DatabaseError) -> RowPage?
    {
        guard let order = request.order, rows.hasRowID, request.counting == .all, request.limit > 0,
            let total = try countRows(from: rows, counting: .all), request.offset > total / 2
        else { return nil }
        let end = min(total, request.offset + request.limit)
        guard end > request.offset else {
            return RowPage(columns: rows.columns, rows: [], rowIDs: [], offset: request.offset, total: total, next: nil)
        }
        let reversed = RowOrder(order.column, isDescending: !order.isDescending)
        let statement = try prepare(
            #"SELECT rowid AS "folio:rowid", * FROM "# + rows.from + (try rows.orderBy(reversed))
                + " LIMIT \(end - request.offset) OFFSET \(total - end)")
        try statement.bind(rows.arguments)
        var page = RowPage(
            columns: Array(statement.columnNames.dropFirst()), rows: [], rowIDs: [], offset: request.offset,
            total: total, next: end < total ? end : nil)
        var budget = ResultBudget(limits)
        var cursor = statement.rows()
        while let row = try cursor.next() {
            if case .integer(let rowID) = row[0] { page.rowIDs?.append(rowID) }
            page.rows.append(try Database.pageValues(row, from: 1, budget: &budget))
        }
        page.rows.reverse()
        page.rowIDs?.reverse()
        return page
    }

    /// A row's values from column `first` on as a page holds them: BLOBs summarised, the rest
    /// counted against the result's size limit.
    static func pageValues(_ row: Row, from first: Int, budget: inout ResultBudget) throws(DatabaseError)
        -> [RowPage.Value]
    {
        var values: [RowPage.Value] = []
        values.reserveCapacity(row.count - first)
        for index in first..<row.count {
            if row.storageClass(at: index) == .blob {
                values.append(
                    .blob(
                        BlobSummary(
                            size: row.byteCount(at: index), head: row.bytes(at: index, upTo: BlobSummary.headLength))))
            } else {
                try budget.admit(row, column: index)
                values.append(.stored(row[index]))
            }
        }
        return values
    }

    /// What a page selects from: the `FROM` clause, its arguments, whether rows have rowids, and
    /// the names of its columns (the only names an order may use).
    struct PageSource {
        var from: String
        var arguments: StatementArguments
        var hasRowID: Bool
        var columns: [String]
        var name: String

        /// The `ORDER BY` clause (with a leading space) for `order`, or nothing without one.
        ///
        /// - Throws: ``DatabaseError`` `.error` when the column is not one of the rows' columns.
        func orderBy(_ order: RowOrder?) throws(DatabaseError) -> String {
            guard let order else { return "" }
            guard columns.contains(order.column) else {
                throw DatabaseError(
                    .error,
                    message: "there is no column named '\(order.column)' to sort by; the columns are "
                        + columns.joined(separator: ", "),
                    operation: "sort rows", subject: name)
            }
            let direction = order.isDescending ? " DESC" : " ASC"
            return " ORDER BY \(SQL.quoteIdentifier(order.column))\(direction)"
                + (hasRowID ? ", rowid\(direction)" : "")
        }
    }

    func pageSource(_ source: RowPageRequest.Source) throws(DatabaseError) -> PageSource {
        switch source {
        case .table(let name):
            guard let table = try tables().first(where: { $0.name == name }) else {
                throw DatabaseError(
                    .notFound, message: "there is no table or view named '\(name)'", operation: "read rows",
                    subject: self.name)
            }
            return PageSource(
                from: SQL.quoteIdentifier(table.name), arguments: [], hasRowID: table.hasRowID,
                columns: table.columns.map(\.name), name: self.name)
        case .query(let sql, let arguments):
            var text = sql.trimmingSpaces()[...]
            while text.hasSuffix(";") {
                text = text.dropLast().trimmingSpaces()
            }
            let statement = try prepareReadOnlyQuery(String(text))
            guard statement.columnCount > 0 else {
                throw DatabaseError(
                    .misuse, message: "a table shows the rows of a query that returns rows (SELECT, WITH, VALUES)",
                    sql: sql, operation: "open query", subject: name)
            }
            try statement.bind(arguments)
            // On its own line, so that a comment at its end cannot hide the parenthesis.
            return PageSource(
                from: "(\(text)\n)", arguments: arguments, hasRowID: false, columns: statement.columnNames,
                name: self.name)
        }
    }

    private func countRows(from rows: PageSource, counting: RowPageRequest.Counting) throws(DatabaseError) -> Int? {
        let bound: String
        switch counting {
        case .none: return nil
        case .all: bound = ""
        case .upTo(let limit): bound = " LIMIT \(max(0, limit))"
        }
        let statement = try prepare("SELECT count(*) FROM (SELECT 1 FROM \(rows.from)\(bound))")
        try statement.bind(rows.arguments)
        return try statement.fetchValue(Int.self) ?? 0
    }
}
