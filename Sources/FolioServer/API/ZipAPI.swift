import FolioCore
import FolioFiles
import FolioHTTP
import FolioSandbox
import FolioZip
import Foundation

/// `POST /api/zip`: several items downloaded at once, as one zip archive.
struct ZipAPI {
    let files: Files

    /// The request body: the container paths of the items.
    struct Request: Decodable {
        var paths: [String]
    }

    /// At most this many items in one request (a folder counts once, whatever it holds).
    static let maximumItems = 10_000

    var routes: [Route] {
        [
            Route(
                .post, "/api/zip",
                summary:
                    "Download several items as one zip {paths: [PATH…]}; folders with everything in them; "
                    + "items that cannot be read are listed in 'Not included.txt' and counted in X-Folio-Not-Included",
                body: .json, cost: .slow
            ) { try zip($0) }
        ]
    }

    private func zip(_ request: RouteRequest) throws -> HTTPResponse {
        let body: Request
        do {
            body = try FolioJSON.decoder().decode(Request.self, from: request.body)
        } catch {
            throw HTTPError.badRequest("the body must be {\"paths\": [PATH, …]}: \(error)")
        }
        guard body.paths.count <= ZipAPI.maximumItems else {
            throw HTTPError.badRequest("at most \(ZipAPI.maximumItems) items can be zipped at once")
        }
        // Every path is checked before anything is read: one bad path refuses the whole request.
        let paths = try body.paths.map { try SandboxPath(parsing: $0) }
        let zip = try ZipArchiver(files: files).makeZip(of: paths)
        var headers = HTTPHeaders()
        headers.set("Content-Type", "application/zip")
        let name = paths.count == 1 ? (paths[0].name ?? "Folio") + ".zip" : "Folio.zip"
        headers.set("Content-Disposition", "attachment; filename*=UTF-8''\(PercentEncoding.encodeComponent(name))")
        headers.set("Cache-Control", "no-store")
        headers.set("X-Folio-Not-Included", String(zip.report.failures.count))
        return HTTPResponse(headers: headers, body: .file(zip.file, offset: 0, length: zip.size))
    }
}
