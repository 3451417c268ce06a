import FolioHTTP
import FolioLocation
import FolioSandbox

/// The interactive map: Leaflet from the installed package under `/vendor/leaflet/`, and the
/// base map's tile server under `/api/settings/tiles`.
struct MapAPI {
    let container: Container
    let library: MapLibrary

    var routes: [Route] {
        [
            Route(
                .get, "/api/settings/tiles",
                summary:
                    "The map's tile server (folio settings tiles): its URL template, attribution and origin; "
                    + "configured is false for the offline base"
            ) { _ in
                .json(TileSettingsReport(try TileServer.configured(in: container)))
            },
            Route(.get, "/vendor/leaflet/{name}", summary: "Leaflet's module and style, from libjs-leaflet") {
                request in
                try vendorFile(request.parameter("name"))
            },
            Route(.get, "/vendor/leaflet/images/{name}", summary: "Leaflet's images, from libjs-leaflet") { request in
                try vendorFile("images/" + request.parameter("name"))
            },
        ]
    }

    private func vendorFile(_ name: String) throws -> HTTPResponse {
        let data = try library.file(name)
        var headers = HTTPHeaders()
        headers.set("Content-Type", MediaType.forName(name))
        headers.set("Cache-Control", "no-cache")
        return HTTPResponse(headers: headers, body: .bytes(data))
    }
}
