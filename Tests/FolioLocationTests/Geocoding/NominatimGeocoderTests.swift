import FolioTestSupport
import Foundation
import Testing

@testable import FolioLocation

/// A Nominatim-compatible service, played by a real HTTP server on 127.0.0.1 answering in the
/// JSON that Nominatim's documentation gives for `/search?format=jsonv2`.
@Suite struct NominatimGeocoderTests {
    static let downing = "10 Downing Street, London"
    static let downingPath = "/search?q=10%20Downing%20Street%2C%20London&format=jsonv2&limit=1"
    static let eiffel = "Eiffel Tower"
    static let eiffelPath = "/search?q=Eiffel%20Tower&format=jsonv2&limit=1"

    /// Nominatim's documented jsonv2 place (the output page's example, with jsonv2's fields).
    static let downingReply = """
        [{"place_id":1234,"licence":"Data © OpenStreetMap contributors, ODbL 1.0. https://osm.org/copyright",
        "osm_type":"way","osm_id":1879842,"lat":"51.50344025","lon":"-0.12770820958562096",
        "category":"building","type":"yes","place_rank":30,"importance":0.6,"addresstype":"building",
        "name":"10 Downing Street",
        "display_name":"10 Downing Street, Westminster, London, Greater London, England, SW1A 2AA, United Kingdom",
        "boundingbox":["51.5032573","51.5036483","-0.1278356","-0.1273038"]}]
        """
    static let eiffelReply = """
        [{"place_id":99,"lat":"48.8582599","lon":"2.2945006","category":"man_made","type":"tower",
        "place_rank":30,"addresstype":"man_made","name":"Tour Eiffel",
        "display_name":"Tour Eiffel, 5, Avenue Anatole France, Paris, 75007, France"}]
        """

    func geocoder(_ server: LocalHTTPServer, _ home: TestContainer, contact: String? = "me@example.org")
        throws -> NominatimGeocoder
    {
        try NominatimGeocoder(
            serviceURL: "http://127.0.0.1:\(server.port)/",
            userAgent: NominatimGeocoder.userAgent(version: "0.1.0", contact: contact),
            cache: try GeocodeCache(in: home.container))
    }

    @Test func readsTheDocumentedReplyAndNamesFolioInTheUserAgent() async throws {
        let server = try LocalHTTPServer(routes: [
            Self.downingPath: .init(body: Self.downingReply, contentType: "application/json")
        ])
        let home = try TestContainer()
        let place = try await geocoder(server, home).geocode(Self.downing)
        #expect(place.coordinate == Coordinate(latitude: 51.50344025, longitude: -0.12770820958562096))
        #expect(place.name.hasPrefix("10 Downing Street, Westminster"))
        #expect(place.accuracy == .premise)
        #expect(server.exchanges.map(\.path) == [Self.downingPath])
        #expect(server.exchanges.first?.userAgent == "Folio/0.1.0 (me@example.org)")
        #expect(NominatimGeocoder.userAgent(version: "0.1.0", contact: nil) == "Folio/0.1.0")
        #expect(NominatimGeocoder.userAgent(version: "0.1.0", contact: "a)\n(b") == "Folio/0.1.0 (ab)")
    }

    @Test func twoLookupsAreAtLeastASecondApartEvenFromTwoGeocoders() async throws {
        let server = try LocalHTTPServer(routes: [
            Self.downingPath: .init(body: Self.downingReply), Self.eiffelPath: .init(body: Self.eiffelReply),
        ])
        let home = try TestContainer()
        // Two geocoders with their own connection to the cache, as two processes would have.
        _ = try await geocoder(server, home).geocode(Self.downing)
        _ = try await geocoder(server, home).geocode(Self.eiffel)
        let times = server.exchanges.map(\.time)
        try #require(times.count == 2)
        #expect(times[1] - times[0] >= 1.0, "the stand-in saw them \(times[1] - times[0]) s apart")
    }

    @Test func aSecondLookupIsAnsweredFromTheCacheWithoutARequest() async throws {
        let server = try LocalHTTPServer(routes: [Self.downingPath: .init(body: Self.downingReply)])
        let home = try TestContainer()
        let first = try await geocoder(server, home).geocode(Self.downing)
        let again = try await geocoder(server, home).geocode("  \(Self.downing) ")
        #expect(again.coordinate == first.coordinate)
        #expect(again.name == first.name)
        #expect(server.requests.count == 1)
        #expect(home.exists(GeocodeCache.defaultPath))
        // Past the age limit the service is asked again.
        let stale = try NominatimGeocoder(
            serviceURL: "http://127.0.0.1:\(server.port)", userAgent: "Folio/0.1.0",
            cache: try GeocodeCache(in: home.container, maximumAge: 0, interval: 0))
        _ = try await stale.geocode(Self.downing)
        #expect(server.requests.count == 2)
    }

    struct Hostile: Sendable, CustomStringConvertible {
        var name: String
        var status = 200
        var body: String
        var repeatCount = 1
        var code: LocationError.Code
        var reason: String
        var description: String { name }
    }

    @Test(arguments: [
        Hostile(name: "nothing found", body: "[]", code: .unknownAddress, reason: "found no such place"),
        Hostile(name: "huge", body: "[", repeatCount: 2 << 20, code: .badReply, reason: "larger than 1024 KiB"),
        Hostile(name: "not JSON", body: "<html>busy</html>", code: .badReply, reason: "not a JSON array"),
        Hostile(name: "truncated", body: #"[{"lat":"51.5","lon":"#, code: .badReply, reason: "not a JSON array"),
        Hostile(
            name: "latitude out of range", body: #"[{"lat":"91.0","lon":"0"}]"#, code: .badReply, reason: "out of range"
        ),
        Hostile(
            name: "longitude out of range", body: #"[{"lat":"1","lon":"181"}]"#, code: .badReply, reason: "-180…180"),
        Hostile(name: "NaN", body: #"[{"lat":"NaN","lon":"0"}]"#, code: .badReply, reason: "not a number of degrees"),
        Hostile(name: "infinite", body: #"[{"lat":"0","lon":"1e999"}]"#, code: .badReply, reason: "not a number"),
        Hostile(name: "no position", body: #"[{"display_name":"x"}]"#, code: .badReply, reason: "lat"),
        Hostile(name: "null position", body: #"[{"lat":null,"lon":null}]"#, code: .badReply, reason: "lat"),
        Hostile(
            name: "error object", body: #"{"error":{"code":400,"message":"Nothing to search for."}}"#,
            code: .serverError, reason: "Nothing to search for."),
        Hostile(
            name: "error with a terminal escape", body: #"{"error":"\u001b]0;pwned\u0007"}"#, code: .serverError,
            reason: "\\e]0;pwned\\a"),
        Hostile(name: "too many requests", status: 429, body: "", code: .quotaExceeded, reason: "slow down"),
        Hostile(name: "forbidden", status: 403, body: "", code: .badKey, reason: "--contact"),
        Hostile(name: "server failure", status: 500, body: "", code: .serverError, reason: "HTTP 500"),
    ])
    func aHostileReplyIsAClearErrorAndIsNotCached(_ hostile: Hostile) async throws {
        let server = try LocalHTTPServer(routes: [
            Self.eiffelPath: .init(status: hostile.status, body: hostile.body, repeatCount: hostile.repeatCount)
        ])
        let home = try TestContainer()
        let geocoder = try NominatimGeocoder(
            serviceURL: "http://127.0.0.1:\(server.port)", userAgent: "Folio/0.1.0",
            cache: try GeocodeCache(in: home.container, interval: 0))
        await #expect {
            try await geocoder.geocode(Self.eiffel)
        } throws: { error in
            guard let error = error as? LocationError else { return false }
            return error.code == hostile.code && error.reason.contains(hostile.reason)
                && !error.description.contains("\u{1B}")
        }
        #expect(try GeocodeCache(in: home.container).placemark(service: geocoder.serviceURL, query: Self.eiffel) == nil)
    }

    @Test(arguments: [
        "ftp://nominatim.example.org", "nominatim.example.org", "https://user:pw@nominatim.example.org",
        "https://nominatim.example.org/search?q=x", "https://nominatim.example.org/#top",
    ])
    func aServiceURLThatIsNotABaseIsRefused(_ url: String) throws {
        let home = try TestContainer()
        #expect {
            try NominatimGeocoder(serviceURL: url, userAgent: "Folio", cache: try GeocodeCache(in: home.container))
        } throws: { error in
            (error as? LocationError)?.code == .invalidArgument
        }
    }

    @Test func theServiceIsSpeltNominatimColonURLOrACSVTemplate() throws {
        #expect(
            try GeocodingService(parsing: "nominatim:https://n.example.org") == .nominatim(url: "https://n.example.org")
        )
        #expect(
            try GeocodingService(parsing: "http://h/geo?q={query}") == .csv(urlTemplate: "http://h/geo?q={query}"))
        #expect(
            try GeocodingService(parsing: "csv:http://h/geo?q={query}") == .csv(urlTemplate: "http://h/geo?q={query}"))
        for bad in ["nominatim:", "google", "mailto:x"] {
            #expect(throws: LocationError.self) { try GeocodingService(parsing: bad) }
        }
    }
}
