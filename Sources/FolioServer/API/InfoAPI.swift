import FolioFiles
import FolioHTTP
import FolioSandbox
import Foundation

/// `/api/info`: what the app is and where its container lives.
struct InfoAPI {
    let container: Container
    let files: Files

    struct Info: Encodable {
        var name = "Folio"
        var version: String
        var home: String
        var bundle: String
        var areas: [String]
    }

    static let version = "0.1.0"

    var routes: [Route] {
        [
            Route(.get, "/api/info", summary: "App info: version, the container's location and layout") { _ in
                .json(
                    Info(
                        version: InfoAPI.version, home: container.root, bundle: container.bundleDirectory,
                        areas: ["Documents", "Library", "tmp", "Folio.app"]))
            }
        ]
    }
}
