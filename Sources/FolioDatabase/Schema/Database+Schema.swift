extension Database {
    /// The tables and views of the main database, by name, without SQLite's own (`sqlite_…`).
    ///
    /// ```swift
    /// for table in try db.tables() {
    ///     print(table.name, table.columns.map(\.name))
    /// }
    /// ```
    /// - Throws: ``DatabaseError`` from SQLite.
    public func tables() throws(DatabaseError) -> [TableInfo] {
        struct Entry: Decodable {
            var name: String
            var type: String
            var sql: String?
        }
        let entries = try fetchAll(
            Entry.self,
            """
            SELECT name, type, sql FROM sqlite_schema
            WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'
            ORDER BY name
            """)
        var tables: [TableInfo] = []
        for entry in entries {
            let columns = try fetchAll(ColumnInfo.self, "SELECT * FROM pragma_table_info(?)", entry.name)
            let kind: TableInfo.Kind = entry.type == "view" ? .view : .table
            let withoutRowID =
                try fetchValue(Int.self, "SELECT wr FROM pragma_table_list(?) WHERE schema = 'main'", entry.name) ?? 0
            tables.append(
                TableInfo(
                    name: entry.name, kind: kind, columns: columns, sql: entry.sql ?? "",
                    hasRowID: kind == .table && withoutRowID == 0))
        }
        return tables
    }

    /// Whether the main database has a table or view called `name`.
    public func tableExists(_ name: String) throws(DatabaseError) -> Bool {
        try fetchValue(
            Int.self, "SELECT count(*) FROM sqlite_schema WHERE type IN ('table', 'view') AND name = ?", name) ?? 0 > 0
    }

    /// The number of rows in the table or view `name`.
    ///
    /// - Complexity: O(rows): SQLite counts them.
    /// - Throws: ``DatabaseError`` when there is no such table.
    public func rowCount(of name: String) throws(DatabaseError) -> Int {
        try fetchValue(Int.self, "SELECT count(*) FROM \(SQL.quoteIdentifier(name))") ?? 0
    }
}
