import Foundation

extension Database {
    /// Inserts a row into `table` with `values` by column name (columns left out take their
    /// default), as one transaction.
    ///
    /// Every name is checked against the table's columns and quoted as an identifier; the values
    /// are bound, never written into the SQL.
    ///
    /// ```swift
    /// let rowID = try db.insertRow(into: "stocks", values: ["symbol": "AAPL", "unitsPurchased": 10])
    /// ```
    /// - Returns: the new row's rowid, or nil for a table without rowids.
    /// - Throws: ``DatabaseError``: `.notFound` for no such table (or a view), `.error` for a name
    ///   that is not a column, SQLite's error for a value a constraint refuses (nothing changes).
    @discardableResult
    public func insertRow(into table: String, values: [String: DatabaseValue]) throws(DatabaseError) -> Int64? {
        let info = try editableTable(table, operation: "insert row")
        let columns = try checkedColumns(values.keys, of: info, operation: "insert row")
        let sql: String
        if columns.isEmpty {
            sql = "INSERT INTO \(SQL.quoteIdentifier(info.name)) DEFAULT VALUES"
        } else {
            sql =
                "INSERT INTO \(SQL.quoteIdentifier(info.name)) (\(columns.map(SQL.quoteIdentifier).joined(separator: ", "))) "
                + "VALUES (\(columns.map { _ in "?" }.joined(separator: ", ")))"
        }
        let arguments = StatementArguments(columns.map { values[$0] ?? .null })
        return try inOneTransaction(operation: "insert row") { () throws(DatabaseError) -> Int64? in
            let statement = try prepare(sql)
            try statement.execute(arguments: arguments)
            return info.hasRowID ? lastInsertedRowID : nil
        }
    }

    /// Sets `values` (by column name) in the row of `table` that `key` names, as one transaction.
    ///
    /// - Throws: ``DatabaseError``: `.notFound` for no such table or row, `.error` for a name that
    ///   is not a column or a key that does not fit the table, SQLite's error for a value a
    ///   constraint refuses (nothing changes).
    public func updateRow(in table: String, key: RowKey, values: [String: DatabaseValue]) throws(DatabaseError) {
        let info = try editableTable(table, operation: "update row")
        let columns = try checkedColumns(values.keys, of: info, operation: "update row")
        guard !columns.isEmpty else {
            throw DatabaseError(
                .error, message: "no values were given to change", operation: "update row", subject: name)
        }
        let (condition, keyArguments) = try whereClause(key, of: info, operation: "update row")
        let sql =
            "UPDATE \(SQL.quoteIdentifier(info.name)) SET "
            + columns.map { "\(SQL.quoteIdentifier($0)) = ?" }.joined(separator: ", ") + " WHERE \(condition)"
        try changeOneRow(
            sql, StatementArguments(columns.map { values[$0] ?? .null } + keyArguments), key, operation: "update row")
    }

    /// Deletes the row of `table` that `key` names, as one transaction.
    ///
    /// - Throws: ``DatabaseError``: `.notFound` for no such table or row, `.error` for a key that
    ///   does not fit the table, SQLite's error when a constraint keeps the row.
    public func deleteRow(from table: String, key: RowKey) throws(DatabaseError) {
        let info = try editableTable(table, operation: "delete row")
        let (condition, arguments) = try whereClause(key, of: info, operation: "delete row")
        try changeOneRow(
            "DELETE FROM \(SQL.quoteIdentifier(info.name)) WHERE \(condition)", StatementArguments(arguments), key,
            operation: "delete row")
    }

    private func changeOneRow(_ sql: String, _ arguments: StatementArguments, _ key: RowKey, operation: String)
        throws(DatabaseError)
    {
        try inOneTransaction(operation: operation) { () throws(DatabaseError) in
            let statement = try prepare(sql)
            try statement.execute(arguments: arguments)
            guard changes == 1 else {
                // Rolled back by the transaction: a key matches one row or none.
                throw DatabaseError(
                    .notFound, message: "there is no row with \(Database.describe(key))", operation: operation,
                    subject: name)
            }
        }
    }

    private func inOneTransaction<Result>(operation: String, _ body: () throws(DatabaseError) -> Result)
        throws(DatabaseError) -> Result
    {
        do {
            return try transaction(.immediate) { _ in try body() }
        } catch let error as DatabaseError {
            throw error
        } catch {
            throw DatabaseError(.error, message: "\(error)", operation: operation, subject: name)
        }
    }

    private func editableTable(_ table: String, operation: String) throws(DatabaseError) -> TableInfo {
        guard let info = try tables().first(where: { $0.name == table && $0.kind == .table }) else {
            throw DatabaseError(
                .notFound, message: "there is no table named '\(table)' (a view cannot be edited)",
                operation: operation, subject: name)
        }
        return info
    }

    private func checkedColumns(_ names: Dictionary<String, DatabaseValue>.Keys, of table: TableInfo, operation: String)
        throws(DatabaseError) -> [String]
    {
        let known = Set(table.columns.map(\.name))
        for name in names where !known.contains(name) {
            throw DatabaseError(
                .error, message: "\(table.name) has no column named '\(name)'", operation: operation,
                subject: self.name)
        }
        // In the table's order, so the SQL is the same whatever order the names came in.
        return table.columns.map(\.name).filter { names.contains($0) }
    }

    private func whereClause(_ key: RowKey, of table: TableInfo, operation: String) throws(DatabaseError)
        -> (String, [DatabaseValue])
    {
        switch key {
        case .rowID(let rowID):
            guard table.hasRowID else {
                throw DatabaseError(
                    .error, message: "\(table.name) is a table WITHOUT ROWID: name the row by its primary key",
                    operation: operation, subject: name)
            }
            return ("rowid = ?", [.integer(rowID)])
        case .primaryKey(let values):
            let keyColumns = table.columns.filter { $0.primaryKeyPosition > 0 }
                .sorted { $0.primaryKeyPosition < $1.primaryKeyPosition }.map(\.name)
            guard !keyColumns.isEmpty, Set(values.keys) == Set(keyColumns) else {
                throw DatabaseError(
                    .error,
                    message: keyColumns.isEmpty
                        ? "\(table.name) has no primary key: name the row by its rowid"
                        : "the primary key of \(table.name) is \(keyColumns.joined(separator: ", ")): give exactly those",
                    operation: operation, subject: name)
            }
            return (
                keyColumns.map { "\(SQL.quoteIdentifier($0)) = ?" }.joined(separator: " AND "),
                keyColumns.map { values[$0] ?? .null }
            )
        }
    }

    private static func describe(_ key: RowKey) -> String {
        switch key {
        case .rowID(let rowID): return "rowid \(rowID)"
        case .primaryKey(let values):
            return values.sorted { $0.key < $1.key }.map { "\($0.key) = \($0.value)" }.joined(separator: ", ")
        }
    }
}
