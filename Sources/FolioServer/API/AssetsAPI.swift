import FolioHTTP
import FolioLocation
import FolioSandbox
import Foundation

/// The web app's pages, scripts and styles, shipped as package resources (nothing from a CDN).
struct AssetsAPI {
    let directory: URL
    let index: Data
    /// Whose tile server the page's policy lets images come from.
    let container: Container

    init(container: Container) throws {
        self.container = container
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
                var headers = HTTPHeaders([("Content-Type", "text/html; charset=utf-8")])
                // The map's tiles come from the configured server's host and no other; a damaged
                // setting allows none (the Tracks page shows its error from /api/settings/tiles).
                let tiles = try? TileServer.configured(in: container)
                headers.set("Content-Security-Policy", SecurityHeaders.appPolicy(imagesFrom: tiles?.origin))
                return HTTPResponse(headers: headers, body: .bytes(index))
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
