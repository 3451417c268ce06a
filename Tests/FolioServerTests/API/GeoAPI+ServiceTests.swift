import FolioLocation
import FolioServer
import FolioTestSupport
import Foundation
import Testing

/// `/api/geo/distance` and `/api/geo/geocode` through the service set with `folio settings
/// geocoder`, against a Nominatim stand-in on 127.0.0.1.
@Suite struct GeoAPIServiceTests {
    static let routes: [String: LocalHTTPServer.Response] = [
        "/search?q=Big%20Ben&format=jsonv2&limit=1": .init(
            body: #"[{"lat":"51.5007","lon":"-0.1246","place_rank":30,"display_name":"Big Ben, London"}]"#),
        "/search?q=nowhere&format=jsonv2&limit=1": .init(body: "[]"),
        "/search?q=broken&format=jsonv2&limit=1": .init(body: #"[{"lat":"NaN","lon":"0"}]"#),
    ]

    @Test func theDistanceToolUsesTheConfiguredService() throws {
        let server = try LocalHTTPServer(routes: Self.routes)
        let client = try AppClient()
        try GeocoderSettings(service: .nominatim(url: "http://127.0.0.1:\(server.port)"), contact: "ops@example.org")
            .save(in: client.test.container)
        let reply = client.send("GET", "/api/geo/distance?from=Big%20Ben&to=51.5,-0.12&path=1")
        #expect(reply.status == 200, "\(reply.text)")
        #expect((reply.object["from"] as? [String: Any])?["name"] as? String == "Big Ben, London")
        #expect((reply.object["path"] as? [Any])?.count == 2)
        // echo 51.5007 -0.1246 51.5 -0.12 | GeodSolve -i -p 3  →  … 328.306
        #expect(abs((reply.object["meters"] as? Double ?? 0) - 328.781) < 0.01)
        #expect(server.exchanges.map(\.userAgent) == ["Folio/0.1.0 (ops@example.org)"])
        let geocoded = client.send("GET", "/api/geo/geocode?q=Big%20Ben")
        #expect(geocoded.status == 200)
        #expect(server.exchanges.count == 1, "the second answer comes from the cache")
    }

    @Test func theServicesFailuresKeepTheirMeaning() throws {
        let server = try LocalHTTPServer(routes: Self.routes)
        let client = try AppClient()
        try GeocoderSettings(service: .nominatim(url: "http://127.0.0.1:\(server.port)"), contact: nil)
            .save(in: client.test.container)
        let unknown = client.send("GET", "/api/geo/geocode?q=nowhere")
        #expect(unknown.status == 404)
        #expect(unknown.errorCode == "unknownAddress")
        let broken = client.send("GET", "/api/geo/geocode?q=broken")
        #expect(broken.status == 502)
        #expect(broken.errorCode == "badReply")
    }
}
