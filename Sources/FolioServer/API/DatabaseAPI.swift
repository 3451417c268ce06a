import FolioDatabase
import FolioHTTP
import FolioSandbox
import Foundation

/// `/api/db/{path...}/…`: SQLite databases in the container as table views — their tables, pages
/// of rows sorted by any column (BLOBs by reference, images shown), read-only queries a page at
/// a time, and exports (``DatabaseAPI+Export``).
///
/// Every request runs under ``QueryLimits``: a time limit, and the request's cancellation (the
/// client went away, the server stops); a query also under the row and size limits. Values are
/// written in ``DatabaseValue/jsonText``'s form, so a REAL keeps its fraction (`2.0`) and the
/// infinities are `{"real": "Infinity"}` / `{"real": "-Infinity"}`, never the text "Infinity".
struct DatabaseAPI {
    let container: Container
    /// How long the statements of one request may run.
    let timeLimit: Duration

    init(container: Container, timeLimit: Duration = QueryLimits.defaultTimeLimit) {
        self.container = container
        self.timeLimit = timeLimit
    }

    /// The most rows a page of a query holds.
    static let queryRowLimit = 1000
    /// How far a query's rows are counted for its total: an endless query still answers.
    static let queryCountLimit = 1_000_000

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

    /// Rows with their column names: `{"columns", "isTruncated", "offset", "rowids", "rows", "total"}`
    /// (`rowids` for a table that has them: what Edit mode names a row by).
    struct Rows {
        var columns: [String]
        var rows: [[Value]]
        var total: Int?
        var offset: Int
        var isTruncated: Bool
        var rowIDs: [Int64]? = nil

        /// The JSON answer, with sorted keys; values in ``DatabaseValue/jsonText``'s form.
        var json: String {
            var text = #"{"columns":["# + columns.map(DatabaseValue.jsonString).joined(separator: ",") + "]"
            text += #","isTruncated":\#(isTruncated),"offset":\#(offset),"#
            if let rowIDs {
                text += #""rowids":["# + rowIDs.map(String.init).joined(separator: ",") + "],"
            }
            text += #""rows":["#
            text += rows.map { row in "[" + row.map(\.json).joined(separator: ",") + "]" }.joined(separator: ",")
            text += "]"
            if let total {
                text += #","total":\#(total)"#
            }
            return text + "}"
        }

        var response: HTTPResponse {
            .text(json, contentType: "application/json")
        }
    }

    /// A value in an answer: as stored, or for a BLOB `{"blob": size, "media": type, "url": …}`.
    enum Value {
        case stored(DatabaseValue)
        case blob(size: Int, media: String, url: String?)

        var json: String {
            switch self {
            case .stored(let value):
                return value.jsonText
            case .blob(let size, let media, let url):
                var text = #"{"blob":\#(size),"media":\#(DatabaseValue.jsonString(media))"#
                if let url {
                    text += #","url":\#(DatabaseValue.jsonString(url))"#
                }
                return text + "}"
            }
        }
    }

    struct Query: Decodable {
        var sql: String
        /// Values for the `?`s: JSON null, numbers and strings, `{"base64": …}` for a BLOB and
        /// `{"real": …}` for a REAL (``DatabaseValue``'s own JSON form).
        var params: [DatabaseValue]?
        /// The first row of the page (default 0).
        var offset: Int?
        /// The rows of the page (default and at most ``DatabaseAPI/queryRowLimit``).
        var limit: Int?
        /// A column of the result to sort by.
        var sort: String?
        /// `desc` for the largest values first.
        var order: String?
    }

    /// The order a request asks for with `sort=COLUMN` and `order=asc|desc`, or nil without `sort`.
    static func order(sort: String?, order: String?) throws -> RowOrder? {
        guard let sort else {
            guard order == nil else { throw HTTPError.badRequest("order needs a column to sort by (sort=COLUMN)") }
            return nil
        }
        switch order?.lowercased() {
        case nil, "asc": return RowOrder(sort)
        case "desc": return RowOrder(sort, isDescending: true)
        default: throw HTTPError.badRequest("order must be asc or desc")
        }
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
                summary: "One page of a table's rows (values as the DatabaseValue schema says; BLOBs as references, "
                    + "with a URL for each)",
                query: [
                    .init("offset", "first row (default 0)"), .init("limit", "rows (default 100, at most 1000)"),
                    .init("sort", "a column to sort by (ties in rowid order)"), .init("order", "asc (default) or desc"),
                ]
            ) { try rows($0) },
            Route(
                .get, "/api/db/{path...}/tables/{table}/blob",
                summary: "A BLOB's bytes (images are shown by the table view)",
                query: [.init("rowid", "the row's rowid"), .init("column", "the column's name")]
            ) { try blob($0) },
            Route(
                .post, "/api/db/{path...}/query",
                summary: "Run one read-only SQL query {sql, params, offset, limit, sort, order}: one page of its rows "
                    + "(at most 1000 and 32 MiB, within the time limit) with the total; anything that would write, "
                    + "attach or change a setting is refused with 400",
                body: .json
            ) { try query($0) },
        ] + exportRoutes + editingRoutes
    }

    func open(_ request: RouteRequest) throws -> Database {
        try Database(FilesAPI.path(request), in: container, mode: .readOnly)
    }

    /// The limits of a request that browses a database: its time limit and cancellation, and for
    /// the text a page copies the response size limit. BLOBs are read as they are stored (no value
    /// limit), since a page shows them by reference and the BLOB route sends them whole.
    private func browsingLimits(_ request: RouteRequest) -> QueryLimits {
        let cancellation = request.request.cancellation
        return QueryLimits(timeLimit: timeLimit, valueSizeLimit: nil, isCancelled: { cancellation.isCancelled })
    }

    private func table(_ name: String, in database: Database) throws -> TableInfo {
        guard let table = try database.tables().first(where: { $0.name == name }) else {
            throw HTTPError.notFound("table '\(name)'")
        }
        return table
    }

    private func tables(_ request: RouteRequest) throws -> HTTPResponse {
        let database = try open(request)
        let tables = try database.withLimits(browsingLimits(request)) { database in
            try database.tables().map { table in
                Table(
                    name: table.name, kind: table.kind.rawValue, rows: try database.rowCount(of: table.name),
                    columns: table.columns.map {
                        Column(name: $0.name, type: $0.declaredType, isPrimaryKey: $0.primaryKeyPosition > 0)
                    })
            }
        }
        return .json(tables)
    }

    private func rows(_ request: RouteRequest) throws -> HTTPResponse {
        let database = try open(request)
        let name = request.parameter("table")
        let (offset, limit) = try request.page(defaultLimit: 100, maxLimit: 1000)
        let order = try DatabaseAPI.order(sort: request.query("sort"), order: request.query("order"))
        let page = try database.page(
            RowPageRequest(.table(name), offset: offset, limit: limit, order: order), limits: browsingLimits(request))
        let base =
            "/api/db/" + request.rest("path").map(PercentEncoding.encodeComponent).joined(separator: "/")
            + "/tables/" + PercentEncoding.encodeComponent(name) + "/blob"
        let rows = page.rows.enumerated().map { number, row in
            row.enumerated().map { column, value -> Value in
                switch value {
                case .stored(let stored):
                    return .stored(stored)
                case .blob(let summary):
                    let url = page.rowIDs.map { rowIDs in
                        "\(base)?rowid=\(rowIDs[number])&column=\(PercentEncoding.encodeComponent(page.columns[column]))"
                    }
                    return .blob(size: summary.size, media: summary.mediaType, url: url)
                }
            }
        }
        return Rows(
            columns: page.columns, rows: rows, total: page.total, offset: page.offset, isTruncated: false,
            rowIDs: page.rowIDs
        )
        .response
    }

    private func blob(_ request: RouteRequest) throws -> HTTPResponse {
        let database = try open(request)
        return try database.withLimits(browsingLimits(request)) { database in
            try blob(request, in: database)
        }
    }

    private func blob(_ request: RouteRequest, in database: Database) throws -> HTTPResponse {
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
        headers.set("Content-Type", BlobSummary(of: bytes).mediaType)
        headers.set("Content-Security-Policy", SecurityHeaders.userContentPolicy)
        return HTTPResponse(headers: headers, body: .bytes(bytes))
    }

    private func query(_ request: RouteRequest) throws -> HTTPResponse {
        let query: Query = try DocumentsAPI.decode(request)
        guard (query.offset ?? 0) >= 0, (query.limit ?? 1) >= 1 else {
            throw HTTPError.badRequest("offset must be 0 or more and limit 1 or more")
        }
        let database = try open(request)
        let cancellation = request.request.cancellation
        let page = try database.page(
            RowPageRequest(
                .query(query.sql, StatementArguments(query.params ?? [])), offset: query.offset ?? 0,
                limit: min(query.limit ?? DatabaseAPI.queryRowLimit, DatabaseAPI.queryRowLimit),
                counting: .upTo(DatabaseAPI.queryCountLimit),
                order: try DatabaseAPI.order(sort: query.sort, order: query.order)),
            limits: QueryLimits(timeLimit: timeLimit, isCancelled: { cancellation.isCancelled }))
        let rows = page.rows.map { row in
            row.map { value -> Value in
                switch value {
                case .stored(let stored): return .stored(stored)
                case .blob(let summary): return .blob(size: summary.size, media: summary.mediaType, url: nil)
                }
            }
        }
        return Rows(
            columns: page.columns, rows: rows, total: page.total, offset: page.offset, isTruncated: page.next != nil
        )
        .response
    }
}
