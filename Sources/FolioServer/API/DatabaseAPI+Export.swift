import FolioDatabase
import FolioFiles
import FolioHTTP
import FolioSandbox
import Foundation

/// Exports of a table or a query result as CSV or JSON, streamed.
///
/// FolioHTTP sends a file with `sendfile` but has no body that a handler writes as it goes, so
/// the rows are written as they are read into a private file in `Library/Caches/Exports` whose
/// name is removed as soon as it is open (the open handles keep the bytes until they are sent). Memory stays at one piece of 64 KiB and one row, whatever the size of the table.
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
        let database = try open(request)
        let files = Files(container)
        let directory = try SandboxPath(.library, ["Caches", "Exports"])
        try files.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = try directory.appending(UUID().uuidString + "." + format.rawValue)
        let cancellation = request.request.cancellation
        let limits = QueryLimits(
            timeLimit: DatabaseAPI.exportTimeLimit, valueSizeLimit: nil, resultSizeLimit: nil,
            isCancelled: { cancellation.isCancelled })
        // The file loses its name before a row is written: the two handles keep it while it is
        // written and sent, and a failure at any point leaves nothing behind.
        let output = try files.open(path, mode: .writing, creating: true)
        let reader = try files.openForReading(path)
        try files.remove(path)
        try database.export(source, order: order, format: format, limits: limits) { bytes in
            try output.write(bytes)
        }
        let size = try reader.size()
        let handle = try reader.makeFileHandle()
        var headers = HTTPHeaders()
        headers.set("Content-Type", format.mediaType)
        let fileName = (request.rest("path").last.map { $0 + " " } ?? "") + name + "." + format.rawValue
        headers.set(
            "Content-Disposition", "attachment; filename*=UTF-8''\(PercentEncoding.encodeComponent(fileName))")
        headers.set("Cache-Control", "no-store")
        return HTTPResponse(headers: headers, body: .file(handle, offset: 0, length: size))
    }
}
