import FolioCore
import FolioFiles
import FolioHTTP
import FolioSandbox
import FolioTables
import Foundation

/// `/api/tables/{path...}`: a CSV, TSV, JSON or XML file in the container as a table view —
/// sections with headers and footers, cells with text, detail and image — in JSON (or HTML), with
/// its columns and version; and Edit mode's changes to it (``editingRoutes``).
struct TablesAPI {
    let files: Files

    /// The largest file shown as a table.
    static let sizeLimit = 32 << 20

    /// The query parameters that shape the table view (an edit names its rows in the same view).
    static let viewParameters: [Route.Parameter] = [
        .init("sections", "the column that groups rows into sections"),
        .init("text", "the column of each cell's text (default: the first)"),
        .init("detail", "the column of each cell's detail (default: the next)"),
        .init(
            "image", "the column of image names (pictures found beside the file, by container path or in the bundle)"),
        .init("style", "default, subtitle, value1 or value2"),
        .init("header", "section header titles, separated by |"),
        .init("footer", "section footer titles, separated by |"),
        .init("xpath", "XML: the XPath of the rows"),
        .init(
            "columns",
            "XML: column XPaths, separated by commas (a comma inside a call or a string is kept)"),
    ]

    var routes: [Route] {
        [
            Route(
                .get, "/api/tables/{path...}",
                summary:
                    "A data file as a table view: sections, headers, footers and cells, its columns, its version "
                    + "(also the ETag) and whether it can be edited (JSON, or HTML with format=html)",
                query: TablesAPI.viewParameters + [.init("format", "json (default) or html")]
            ) { try table($0) }
        ] + editingRoutes
    }

    /// The view a request asks for.
    static func options(_ request: RouteRequest) throws -> TableOptions {
        var options = TableOptions()
        options.sections = request.query("sections")
        options.text = request.query("text")
        options.detail = request.query("detail")
        options.image = request.query("image")
        if let style = request.query("style") {
            guard let parsed = CellStyle(rawValue: style) else {
                throw HTTPError.badRequest("style must be default, subtitle, value1 or value2")
            }
            options.style = parsed
        }
        options.headers = request.query("header").map { $0.split(separator: "|").map(String.init) } ?? []
        options.footers = request.query("footer").map { $0.split(separator: "|").map(String.init) } ?? []
        options.rowsXPath = request.query("xpath")
        options.columnXPaths = request.query("columns").map(XMLRows.columnXPaths(fromList:)) ?? []
        return options
    }

    /// The file a request names, opened as a table in the view it asks for.
    func open(_ request: RouteRequest) throws -> TableFile {
        // A TableError, here or while the rows are read, gets its status from its code.
        try TableFile(
            try FilesAPI.path(request), in: files, options: try TablesAPI.options(request),
            sizeLimit: TablesAPI.sizeLimit)
    }

    private func table(_ request: RouteRequest) throws -> HTTPResponse {
        let file = try open(request)
        let path = file.path
        let table = TableView(dataSource: file.document.dataSource)
        let pictures = CellImageLocator(files: files, table: path)
        var text = ""
        if request.query("format") == "html" {
            let html = HTMLRenderer { image in
                pictures.path(of: image).map { "/api/files/" + FilesAPI.encodedPath($0) + "?raw=1" }
            }
            try html.render(table) { text += $0 }
            return .text(text, contentType: "text/html; charset=utf-8")
        }
        var json = JSONRenderer { image in pictures.path(of: image)?.description }
        let columns = file.document.source.columns.map(JSONString.quoted).joined(separator: ",")
        json.members = [
            ("columns", "[" + columns + "]"),
            ("version", JSONString.quoted(file.version.description)),
            ("editable", file.document.format.isWritable && path.area.isWritable ? "true" : "false"),
        ]
        try json.render(table) { text += $0 }
        var response = HTTPResponse.json(encoded: Data(text.utf8))
        response.headers.set("ETag", "\"\(file.version)\"")
        return response
    }
}
