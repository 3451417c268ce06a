import FolioDatabase

/// `folio db tables DB`: the tables and views of a database, with their columns and row counts.
enum DatabaseTablesCommand {
    static let database = Argument("DB")

    static let command = Command(
        "tables",
        summary: "list a database's tables and views with their columns and row counts",
        parameters: [database]
    ) { arguments, context in
        let db = try DatabaseCommand.open(arguments[database], mode: .readOnly, context: context)
        let tables = try db.tables()
        let reports = try tables.map { table in
            TableReport(
                name: table.name, kind: table.kind.rawValue,
                rows: table.kind == .table ? try db.rowCount(of: table.name) : nil,
                columns: table.columns.map {
                    TableReport.Column(
                        name: $0.name, type: $0.declaredType, notNull: $0.isNotNull, defaultValue: $0.defaultValue,
                        primaryKey: $0.primaryKeyPosition > 0)
                },
                sql: table.sql)
        }
        if context.wantsJSON {
            try context.printJSON(reports)
            return
        }
        guard !reports.isEmpty else {
            context.output.line("no tables in \(db.name)")
            return
        }
        var text = TextTable(alignments: [.left, .right, .left], header: ["table", "rows", "columns"])
        for report in reports {
            let columns = report.columns.map { column in
                column.type.isEmpty ? column.name : "\(column.name) \(column.type)"
            }
            text.append([
                report.kind == "view" ? "\(report.name) (view)" : report.name,
                report.rows.map(String.init) ?? "",
                columns.joined(separator: ", "),
            ])
        }
        context.output.write(text.render())
    }

    struct TableReport: Encodable {
        struct Column: Encodable {
            var name: String
            var type: String
            var notNull: Bool
            var defaultValue: String?
            var primaryKey: Bool
        }
        var name: String
        var kind: String
        var rows: Int?
        var columns: [Column]
        var sql: String
    }
}
