import FolioDatabase
import FolioFiles
import FolioHTTP
import FolioSandbox
import Foundation

/// Exports of a table or a query result as CSV or JSON, streamed: the download starts with the
/// first rows and goes on as they are read (a ``FolioHTTP/ResponseStream``), so a million rows
/// hold one piece of 64 KiB, one row and the stream's buffer in memory, and nothing on disk. What
/// fails before the first bytes (a table that is not there, a query the box refuses, an unknown
/// sort column) is answered as an error; a failure later breaks the download, so a client never
/// takes a cut export for a whole one.
extension DatabaseAPI {
    /// How long an export may read rows: longer than a page, since it reads them all.
    static let exportTimeLimit: Duration = .seconds(120)

    var exportRoutes: [Route] {
        let format = Route.Parameter("format", "csv (default) or json")
        let sort = Route.Parameter("sort", "a column to sort by")
        let order = Route.Parameter("order", "asc (default) or desc")
        return [
            Route(
                .get, "/api/db/{path...}/tables/{table}/export",
                summary:
                    "Every row of a table as a CSV or JSON download (NULL an empty CSV field, the empty text \"\")",
                query: [format, sort, order], cost: .slow
            ) { try export($0, source: .table($0.parameter("table")), name: $0.parameter("table")) },
            Route(
                .get, "/api/db/{path...}/export",
                summary: "Every row of one read-only query (sql=) as a CSV or JSON download; what would write is "
                    + "refused with 400 as the query box refuses it",
                query: [Route.Parameter("sql", "the query"), format, sort, order], cost: .slow
            ) { request in
                guard let sql = request.query("sql"), !sql.isEmpty else {
                    throw HTTPError.badRequest("give the query with ?sql=")
                }
                return try export(request, source: .query(sql), name: "query")
            },
        ]
    }

    private func export(_ request: RouteRequest, source: RowPageRequest.Source, name: String) throws -> HTTPResponse {
        let format: ExportFormat
        switch request.query("format")?.lowercased() {
        case nil, "csv": format = .csv
        case "json": format = .json
        default: throw HTTPError.badRequest("format must be csv or json")
        }
        let order = try DatabaseAPI.order(sort: request.query("sort"), order: request.query("order"))
        let path = try FilesAPI.path(request)
        let container = self.container
        let cancellation = request.request.cancellation
        let limits = QueryLimits(
            timeLimit: DatabaseAPI.exportTimeLimit, valueSizeLimit: nil, resultSizeLimit: nil,
            isCancelled: { cancellation.isCancelled })
        // The connection is opened and used on the stream's own thread, one thread at a time.
        let stream = try ResponseStream.started { stream in
            let database = try Database(path, in: container, mode: .readOnly)
            try database.export(source, order: order, format: format, limits: limits) { bytes in
                try stream.write(bytes)
            }
        }
        var headers = HTTPHeaders()
        headers.set("Content-Type", format.mediaType)
        let fileName = (request.rest("path").last.map { $0 + " " } ?? "") + name + "." + format.rawValue
        headers.set(
            "Content-Disposition", "attachment; filename*=UTF-8''\(PercentEncoding.encodeComponent(fileName))")
        headers.set("Cache-Control", "no-store")
        return HTTPResponse(headers: headers, body: .stream(stream))
    }
}
