import FolioHTTP
import FolioLocation
import FolioServer
import FolioTestSupport
import Foundation
import Testing

/// The interactive map's routes: Leaflet read from the installed libjs-leaflet, the tile setting,
/// and the page's policy naming exactly the tile server's host.
@Suite struct MapAPITests {
    @Test func leafletIsServedFromTheInstalledPackage() throws {
        let client = try AppClient()
        let module = client.send("GET", "/vendor/leaflet/leaflet.esm.js")
        #expect(module.status == 200)
        #expect(module.headers["Content-Type"]?.hasPrefix("text/javascript") == true)
        let installed = try Data(contentsOf: URL(fileURLWithPath: MapLibrary.debianDirectory + "/leaflet.esm.js"))
        #expect(module.body == installed)
        let style = client.send("GET", "/vendor/leaflet/leaflet.css")
        #expect(style.status == 200)
        #expect(style.headers["Content-Type"]?.hasPrefix("text/css") == true)
        // Every image the style sheet names is served.
        for match in style.text.matches(of: /url\((images\/[a-z0-9-]+\.png)\)/) {
            let image = client.send("GET", "/vendor/leaflet/\(match.output.1)")
            #expect(image.status == 200, "\(match.output.1)")
            #expect(image.headers["Content-Type"] == "image/png")
        }
    }

    @Test(arguments: [
        "/vendor/leaflet/leaflet.js.map", "/vendor/leaflet/..%2F..%2F..%2F..%2Fetc%2Fpasswd",
        "/vendor/leaflet/images/..%2F..%2Fleaflet.css", "/vendor/leaflet/images/layers.svg",
        "/vendor/leaflet/leaflet.css.gz",
    ])
    func onlyTheLibrarysOwnFilesAreServed(_ target: String) throws {
        let reply = try AppClient().send("GET", target)
        #expect(reply.status == 404, "\(reply.text)")
        #expect(!reply.text.contains("root:"))
    }

    @Test func withoutThePackageTheModuleIsMissingAndTheReasonNamesIt() throws {
        let client = try AppClient(mapLibrary: { MapLibrary(directory: $0.absolute("tmp/no-leaflet")) })
        let reply = client.send("GET", "/vendor/leaflet/leaflet.esm.js")
        #expect(reply.status == 404)
        #expect(reply.errorCode == "mapLibraryMissing")
        #expect(reply.text.contains("install the Debian package libjs-leaflet"))
        #expect(!MapLibrary(directory: client.test.absolute("tmp/no-leaflet")).isAvailable)
        #expect(MapLibrary.installed(environment: [:]).directory == MapLibrary.debianDirectory)
        #expect(MapLibrary.installed(environment: ["FOLIO_LEAFLET_DIR": "/opt/l"]).directory == "/opt/l")
    }

    @Test func theTileSettingIsShownToThePage() throws {
        let client = try AppClient()
        let none = client.send("GET", "/api/settings/tiles")
        #expect(none.status == 200)
        #expect(none.object["configured"] as? Bool == false)
        #expect(none.object.keys.sorted() == ["attribution", "configured", "origin", "url"])
        try TileServer(urlTemplate: "http://127.0.0.1:8123/{z}/{x}/{y}.png", attribution: "<b>Local</b>")
            .save(in: client.test.container)
        let set = client.send("GET", "/api/settings/tiles")
        #expect(set.object["configured"] as? Bool == true)
        #expect(set.object["url"] as? String == "http://127.0.0.1:8123/{z}/{x}/{y}.png")
        #expect(set.object["origin"] as? String == "http://127.0.0.1:8123")
        #expect(set.object["attribution"] as? String == "<b>Local</b>")
    }

    @Test func aDamagedSettingIsAnErrorThatSaysHowToFixIt() throws {
        let client = try AppClient()
        try client.test.plant(TileServer.preferencesPath, #"{"url": "javascript:alert(1)"}"#)
        let reply = client.send("GET", "/api/settings/tiles")
        #expect(reply.status == 400)
        #expect(reply.errorCode == "malformed")
        #expect(reply.text.contains("--clear"))
        // The page still loads, allowing no outside images.
        let page = client.send("GET", "/")
        #expect(page.status == 200)
        #expect(page.headers["Content-Security-Policy"]?.contains("img-src 'self' data: blob:;") == true)
    }

    @Test func thePagesPolicyAllowsImagesFromExactlyTheTileHost() throws {
        let client = try AppClient()
        let offline = try #require(client.send("GET", "/").headers["Content-Security-Policy"])
        #expect(offline.contains("img-src 'self' data: blob:;"))
        #expect(!offline.contains("http"))
        try TileServer(urlTemplate: "https://tiles.example.org:8443/base/{z}/{x}/{y}.png").save(
            in: client.test.container)
        let policy = try #require(client.send("GET", "/").headers["Content-Security-Policy"])
        #expect(policy.contains("img-src 'self' data: blob: https://tiles.example.org:8443;"))
        #expect(policy.components(separatedBy: "tiles.example.org").count == 2, "named once, in img-src only")
        #expect(policy.contains("connect-src 'self';"))
        // Other answers keep the app's policy without the tile host.
        let info = try #require(client.send("GET", "/api/info").headers["Content-Security-Policy"])
        #expect(!info.contains("tiles.example.org"))
        try TileServer.clear(in: client.test.container)
        #expect(client.send("GET", "/").headers["Content-Security-Policy"] == offline)
    }

    @Test func theDistanceCanCarryItsGeodesicForTheMap() throws {
        let client = try AppClient()
        _ = try client.test.container.provisionDeclaredResources()
        let plain = client.send("GET", "/api/geo/distance?from=0,0&to=0.5,179.7")
        #expect(plain.status == 200)
        #expect(plain.object["path"] == nil)
        let reply = client.send("GET", "/api/geo/distance?from=0,0&to=0.5,179.7&path=1")
        #expect(reply.status == 200, "\(reply.text)")
        let path = try #require(reply.object["path"] as? [[String: Double]])
        #expect(path.count == 256)
        #expect(path.first?["latitude"] == 0 && path.first?["longitude"] == 0)
        #expect(path.last?["latitude"] == 0.5 && path.last?["longitude"] == 179.7)
    }
}
