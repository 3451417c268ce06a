import FolioHTTP
import Foundation

/// The web app's pages, scripts and styles, shipped as package resources (nothing from a CDN).
struct AssetsAPI {
    let directory: URL
    let index: Data

    init() throws {
        guard let directory = Bundle.module.url(forResource: "Assets", withExtension: nil),
            let index = FileManager.default.contents(atPath: directory.appendingPathComponent("index.html").path)
        else {
            throw ServerError(
                .missingResource, operation: "load web assets", subject: "Assets/index.html",
                reason: "the web app's files are missing from the build")
        }
        self.directory = directory
        self.index = index
    }

    var routes: [Route] {
        [
            Route(.get, "/", summary: "The app's page") { _ in
                HTTPResponse(headers: HTTPHeaders([("Content-Type", "text/html; charset=utf-8")]), body: .bytes(index))
            },
            Route(.get, "/assets/{name}", summary: "The app's scripts, styles and icons") { request in
                let name = request.parameter("name")
                guard name.range(of: #"^[A-Za-z0-9_-]+\.(js|css|svg|png|ico)$"#, options: .regularExpression) != nil,
                    let data = FileManager.default.contents(atPath: directory.appendingPathComponent(name).path)
                else {
                    throw HTTPError.notFound("/assets/\(name)")
                }
                var headers = HTTPHeaders()
                headers.set("Content-Type", MediaType.forName(name))
                headers.set("Cache-Control", "no-cache")
                return HTTPResponse(headers: headers, body: .bytes(data))
            },
        ]
    }
}
