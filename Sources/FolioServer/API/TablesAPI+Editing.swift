import FolioCore
import FolioFiles
import FolioHTTP
import FolioTables
import Foundation

/// Edit mode's routes for table files (CSV, TSV, JSON): delete rows, insert a row, move a row —
/// the chapter's editing mode, through the same ``FolioTables/TableFile`` edits as `folio table
/// edit`. Each names its rows by index path in the view the query asks for (the same parameters
/// as the table's `GET`), must say which version of the file that view was read at (`If-Match`:
/// the table's ETag; 412 when the file changed since), and saves the file atomically at once;
/// the answer is a ``FolioTables/TableEditReport`` with the new version, also as the ETag.
extension TablesAPI {
    struct Insertion: Decodable {
        /// Where the row goes, `section.row`.
        var at: String
        /// A value per column.
        var values: [String]
    }

    struct Move: Decodable {
        var from: String
        var to: String
    }

    var editingRoutes: [Route] {
        let condition = "; If-Match must name the version the rows were read at (412 if the file changed since)"
        return [
            Route(
                .post, "/api/tables/{path...}/rows",
                summary: "Insert a row {at: \"section.row\", values: [one per column]}" + condition,
                query: TablesAPI.viewParameters, body: .json
            ) { request in
                let body: Insertion = try DocumentsAPI.decode(request)
                let file = try openAtVersion(request)
                let report = try file.insert(body.values, at: try TablesAPI.indexPath(body.at))
                return TablesAPI.answer(report, status: .created)
            },
            Route(
                .delete, "/api/tables/{path...}/rows",
                summary: "Delete the rows at=0.3,0.5 (index paths, separated by commas)" + condition,
                query: TablesAPI.viewParameters + [.init("at", "the index paths of the rows, separated by commas")]
            ) { request in
                guard let list = request.query("at"), !list.isEmpty else {
                    throw HTTPError.badRequest("name the rows to delete with ?at=0.3,0.5")
                }
                let paths = try list.split(separator: ",").map { try TablesAPI.indexPath(String($0)) }
                return TablesAPI.answer(try openAtVersion(request).delete(paths), status: .ok)
            },
            Route(
                .post, "/api/tables/{path...}/rows/move",
                summary: "Move a row {from: \"section.row\", to: \"section.row\"} (to: its place afterwards)"
                    + condition,
                query: TablesAPI.viewParameters, body: .json
            ) { request in
                let body: Move = try DocumentsAPI.decode(request)
                let file = try openAtVersion(request)
                let report = try file.move(
                    from: try TablesAPI.indexPath(body.from), to: try TablesAPI.indexPath(body.to))
                return TablesAPI.answer(report, status: .ok)
            },
        ]
    }

    /// The table file, checked to be still at the version the request's `If-Match` names.
    private func openAtVersion(_ request: RouteRequest) throws -> TableFile {
        let version = try IfMatch.version(
            of: request,
            missing: "an edit must say which version of the file it is based on (If-Match: the table's ETag)",
            kind: "a file version", parse: FileVersion.init)
        let file = try open(request)
        try file.require(version: version)
        return file
    }

    static func indexPath(_ text: String) throws -> IndexPath {
        guard let path = IndexPath(dotted: text), path.count == 2 else {
            throw HTTPError.badRequest("\(JSONString.quoted(text)) is not an index path such as 0.3")
        }
        return path
    }

    static func answer(_ report: TableEditReport, status: HTTPStatus) -> HTTPResponse {
        var response = HTTPResponse.json(report, status: status)
        response.headers.set("ETag", "\"\(report.version)\"")
        return response
    }
}
