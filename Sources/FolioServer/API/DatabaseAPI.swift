import FolioDatabase
import FolioHTTP
import FolioSandbox
import Foundation

/// `/api/db/{path...}/…`: SQLite databases in the container as table views — their tables, pages
/// of rows (BLOBs by reference, images shown), and read-only queries.
struct DatabaseAPI {
    let container: Container

    /// The most rows a query returns.
    static let queryRowLimit = 1000

    struct Table: Encodable {
        var name: String
        var kind: String
        var rows: Int
        var columns: [Column]
    }

    struct Column: Encodable {
        var name: String
        var type: String
        var isPrimaryKey: Bool
    }

    /// Rows with their column names; each value is a number, a string, null, or for a BLOB
    /// `{"blob": size, "media": type, "url": …}`.
    struct Rows: Encodable {
        var columns: [String]
        var rows: [[Value]]
        var total: Int?
        var offset: Int
        var isTruncated: Bool
    }

    enum Value: Encodable {
        case null
        case integer(Int64)
        case real(Double)
        case text(String)
        case blob(size: Int, media: String, url: String?)

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .null: try container.encodeNil()
            case .integer(let value): try container.encode(value)
            case .real(let value): try container.encode(value)
            case .text(let value): try container.encode(value)
            case .blob(let size, let media, let url):
                struct Reference: Encodable {
                    var blob: Int
                    var media: String
                    var url: String?
                }
                try container.encode(Reference(blob: size, media: media, url: url))
            }
        }
    }

    struct Query: Decodable {
        var sql: String
        /// Values for the `?`s: JSON null, numbers and strings, or `{"base64": …}` for a BLOB
        /// (``DatabaseValue``'s own JSON form).
        var params: [DatabaseValue]?
    }

    var routes: [Route] {
        [
            Route(
                .get, "/api/db/{path...}/tables", summary: "A database's tables and views, with columns and row counts"
            ) {
                try tables($0)
            },
            Route(
                .get, "/api/db/{path...}/tables/{table}/rows",
                summary: "One page of a table's rows (BLOBs as references, with a URL for each)",
                query: [.init("offset", "first row (default 0)"), .init("limit", "rows (default 100, at most 1000)")]
            ) { try rows($0) },
            Route(
                .get, "/api/db/{path...}/tables/{table}/blob",
                summary: "A BLOB's bytes (images are shown by the table view)",
                query: [.init("rowid", "the row's rowid"), .init("column", "the column's name")]
            ) { try blob($0) },
            Route(
                .post, "/api/db/{path...}/query",
                summary: "Run one read-only SQL query {sql, params} (at most 1000 rows)", body: .json
            ) { try query($0) },
        ]
    }

    private func open(_ request: RouteRequest) throws -> Database {
        try Database(try SandboxPath(.home, request.rest("path")), in: container, mode: .readOnly)
    }

    private func table(_ name: String, in database: Database) throws -> TableInfo {
        guard let table = try database.tables().first(where: { $0.name == name }) else {
            throw HTTPError.notFound("table '\(name)'")
        }
        return table
    }

    private func tables(_ request: RouteRequest) throws -> HTTPResponse {
        let database = try open(request)
        let tables = try database.tables().map { table in
            Table(
                name: table.name, kind: table.kind.rawValue, rows: try database.rowCount(of: table.name),
                columns: table.columns.map {
                    Column(name: $0.name, type: $0.declaredType, isPrimaryKey: $0.primaryKeyPosition > 0)
                })
        }
        return .json(tables)
    }

    private func rows(_ request: RouteRequest) throws -> HTTPResponse {
        let database = try open(request)
        let table = try table(request.parameter("table"), in: database)
        let offset = max(0, Int(request.query("offset") ?? "") ?? 0)
        let limit = min(1000, max(1, Int(request.query("limit") ?? "") ?? 100))
        let quoted = SQL.quoteIdentifier(table.name)
        let hasRowID = table.kind == .table && !table.sql.uppercased().contains("WITHOUT ROWID")
        let sql = "SELECT \(hasRowID ? "rowid AS \"folio:rowid\", " : "")* FROM \(quoted) LIMIT ? OFFSET ?"
        let statement = try database.prepare(sql)
        try statement.bind(StatementArguments([.integer(Int64(limit)), .integer(Int64(offset))]))
        let base =
            "/api/db/" + request.rest("path").map(PercentEncoding.encodeComponent).joined(separator: "/")
            + "/tables/" + PercentEncoding.encodeComponent(table.name) + "/blob"
        var result = Rows(
            columns: [], rows: [], total: try database.rowCount(of: table.name), offset: offset, isTruncated: false)
        try statement.forEachRow { row in
            let first = hasRowID ? 1 : 0
            if result.columns.isEmpty {
                result.columns = Array(row.columnNames.dropFirst(first))
            }
            let rowID = hasRowID ? row[0] : .null
            result.rows.append(
                (first..<row.count).map { index in
                    DatabaseAPI.value(row, index) { column in
                        guard case .integer(let id) = rowID else { return nil }
                        return "\(base)?rowid=\(id)&column=\(PercentEncoding.encodeComponent(column))"
                    }
                })
        }
        return .json(result)
    }

    private func blob(_ request: RouteRequest) throws -> HTTPResponse {
        let database = try open(request)
        let table = try table(request.parameter("table"), in: database)
        guard let column = request.query("column"), table.columns.contains(where: { $0.name == column }) else {
            throw HTTPError.badRequest("name a column of \(table.name) with ?column=")
        }
        guard let rowID = request.query("rowid").flatMap({ Int64($0) }) else {
            throw HTTPError.badRequest("give the row with ?rowid=")
        }
        let statement = try database.prepare(
            "SELECT \(SQL.quoteIdentifier(column)) FROM \(SQL.quoteIdentifier(table.name)) WHERE rowid = ?")
        try statement.bind(StatementArguments([.integer(rowID)]))
        var bytes: Data?
        try statement.forEachRow { row in
            if case .blob(let data) = row[0] { bytes = data }
        }
        guard let bytes else { throw HTTPError.notFound("a BLOB in row \(rowID), column \(column)") }
        var headers = HTTPHeaders()
        headers.set("Content-Type", DatabaseAPI.mediaType(of: bytes))
        headers.set("Content-Security-Policy", SecurityHeaders.userContentPolicy)
        return HTTPResponse(headers: headers, body: .bytes(bytes))
    }

    private func query(_ request: RouteRequest) throws -> HTTPResponse {
        let query: Query = try DocumentsAPI.decode(request)
        let database = try open(request)
        let statement = try database.prepare(query.sql)
        try statement.bind(StatementArguments(query.params ?? []))
        var result = Rows(columns: [], rows: [], total: nil, offset: 0, isTruncated: false)
        try statement.forEachRow { row in
            if result.columns.isEmpty {
                result.columns = row.columnNames
            }
            guard result.rows.count < DatabaseAPI.queryRowLimit else {
                result.isTruncated = true
                return
            }
            result.rows.append((0..<row.count).map { DatabaseAPI.value(row, $0) { _ in nil } })
        }
        if result.columns.isEmpty {
            result.columns = statement.columnNames
        }
        return .json(result)
    }

    /// A row's value for JSON: BLOBs by size and type, with a URL when `url` gives one.
    static func value(_ row: Row, _ index: Int, url: (String) -> String?) -> Value {
        switch row.storageClass(at: index) {
        case .null: return .null
        case .integer: if case .integer(let value) = row[index] { return .integer(value) }
        case .real: if case .real(let value) = row[index] { return .real(value) }
        case .text: if case .text(let value) = row[index] { return .text(value) }
        case .blob:
            return .blob(
                size: row.byteCount(at: index), media: mediaType(of: row.bytes(at: index, upTo: 16)),
                url: url(row.columnNames[index]))
        }
        return .null
    }

    /// The media type of bytes, from their first bytes: PNG, JPEG, GIF, PDF, else octet-stream.
    static func mediaType(of bytes: Data) -> String {
        let head = [UInt8](bytes.prefix(8))
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "image/png" }
        if head.starts(with: [0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        if head.starts(with: Array("GIF8".utf8)) { return "image/gif" }
        if head.starts(with: Array("%PDF".utf8)) { return "application/pdf" }
        return "application/octet-stream"
    }
}
