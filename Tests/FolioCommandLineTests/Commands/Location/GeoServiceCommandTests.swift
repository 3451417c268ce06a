import FolioTestSupport
import Foundation
import Testing

/// `folio geo distance A B --service …` and `folio settings geocoder`, against a Nominatim
/// stand-in on 127.0.0.1.
@Suite struct GeoServiceCommandTests {
    static let downingPath = "/search?q=10%20Downing%20Street%2C%20London&format=jsonv2&limit=1"
    static let eiffelPath = "/search?q=Eiffel%20Tower%2C%20Paris&format=jsonv2&limit=1"
    static let routes: [String: LocalHTTPServer.Response] = [
        downingPath: .init(
            body: #"[{"lat":"51.50344025","lon":"-0.12770820958562096","place_rank":30,"addresstype":"building","#
                + #""display_name":"10 Downing Street, London, SW1A 2AA, United Kingdom"}]"#,
            contentType: "application/json"),
        eiffelPath: .init(
            body: #"[{"lat":"48.8582599","lon":"2.2945006","place_rank":30,"addresstype":"man_made","#
                + #""display_name":"Tour Eiffel, Paris, 75007, France"}]"#, contentType: "application/json"),
    ]

    func folio(_ arguments: [String], home: TestContainer) async -> FolioRun {
        await InProcessFolio.run(["--home", home.container.root] + arguments)
    }

    @Test func theDistanceBetweenTwoAddressesGeocodedByTheService() async throws {
        let server = try LocalHTTPServer(routes: Self.routes)
        let home = try TestContainer()
        let run = await folio(
            [
                "--json", "geo", "distance", "10 Downing Street, London", "Eiffel Tower, Paris", "--service",
                "nominatim:http://127.0.0.1:\(server.port)",
            ], home: home)
        #expect(run.status == 0, "\(run.standardError)")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        // echo 51.50344025 -0.12770820958562096 48.8582599 2.2945006 | GeodSolve -i -p 3
        //   → 148.60772210 150.46875747 341281.063
        let meters = try #require(object["meters"] as? Double)
        #expect(abs(meters - 341_281.063) < 0.01)
        #expect(
            (object["from"] as? [String: Any])?["name"] as? String
                == "10 Downing Street, London, SW1A 2AA, United Kingdom")
        #expect(server.exchanges.map(\.path) == [Self.downingPath, Self.eiffelPath])
        #expect(server.exchanges.allSatisfy { $0.userAgent == "Folio/0.1.0" })
        // Asked again, both come from Library/Caches/.
        let again = await folio(
            [
                "geo", "distance", "10 Downing Street, London", "Eiffel Tower, Paris", "--service",
                "nominatim:http://127.0.0.1:\(server.port)",
            ], home: home)
        #expect(again.status == 0, "\(again.standardError)")
        #expect(again.standardOutput.contains("341281.06 meters"), "\(again.standardOutput)")
        #expect(server.exchanges.count == 2)
    }

    @Test func aCoordinateIsNotSentAndTheConfiguredContactIsInTheUserAgent() async throws {
        let server = try LocalHTTPServer(routes: Self.routes)
        let home = try TestContainer()
        let set = await folio(
            [
                "settings", "geocoder", "nominatim:http://127.0.0.1:\(server.port)", "--contact",
                "folio-user@example.org",
            ], home: home)
        #expect(set.status == 0, "\(set.standardError)")
        #expect(set.standardOutput.contains("contact folio-user@example.org"))
        // The configured service answers without --service.
        let run = await folio(["geo", "distance", "48.8566,2.3522", "10 Downing Street, London"], home: home)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(server.exchanges.map(\.path) == [Self.downingPath])
        #expect(server.exchanges.first?.userAgent == "Folio/0.1.0 (folio-user@example.org)")
        let shown = await folio(["--json", "settings", "geocoder"], home: home)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(shown.standardOutput.utf8)) as? [String: Any])
        #expect(object["service"] as? String == "nominatim:http://127.0.0.1:\(server.port)")
        #expect(object["contact"] as? String == "folio-user@example.org")
        let cleared = await folio(["settings", "geocoder", "--clear"], home: home)
        #expect(cleared.status == 0)
        // Back to the gazetteer: the chapter's landmarks.
        let offline = await folio(["geo", "distance", "White House", "Pentagon"], home: home)
        #expect(offline.status == 0, "\(offline.standardError)")
        #expect(server.exchanges.count == 1)
    }

    @Test func aBadServiceIsAUsageErrorAndKeysAreRefusedForNominatim() async throws {
        let home = try TestContainer()
        let unknown = await folio(["geo", "distance", "a", "b", "--service", "google"], home: home)
        #expect(unknown.status == 2)
        #expect(unknown.standardError.contains("nominatim:URL"))
        let keyed = await folio(
            ["geo", "distance", "a", "b", "--service", "nominatim:http://127.0.0.1:9", "--key", "k"], home: home)
        #expect(keyed.status == 1)
        #expect(keyed.standardError.contains("takes no --key"))
        let secret = await folio(["settings", "geocoder", "http://h/geo?q={query}&key={key}"], home: home)
        #expect(secret.status == 1)
        #expect(secret.standardError.contains("not kept in settings"))
        #expect(!home.exists("Library/Preferences/Geocoding.json"))
    }
}
