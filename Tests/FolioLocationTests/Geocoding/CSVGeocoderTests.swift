import FolioTestSupport
import Foundation
import Testing

@testable import FolioLocation

/// The chapter's CSV geocoding service, played by a real HTTP server on 127.0.0.1.
@Suite struct CSVGeocoderTests {
    static let plano = "3400 W Plano Pkwy, Plano, TX 75075"
    static let encodedPlano = "3400%20W%20Plano%20Pkwy%2C%20Plano%2C%20TX%2075075"

    func route(_ query: String, key: String) -> String {
        "/maps/geo?q=\(query)&output=csv&key=\(key)"
    }

    func geocoder(_ server: LocalHTTPServer, keys: [String]) throws -> CSVGeocoder {
        try CSVGeocoder(
            urlTemplate: "http://127.0.0.1:\(server.port)/maps/geo?q={query}&output=csv&key={key}", keys: keys)
    }

    @Test func readsTheChaptersReply() async throws {
        let server = try LocalHTTPServer(routes: [
            route(Self.encodedPlano, key: "k1"): .init(body: "200,8,33.010003,-96.757923")
        ])
        let placemark = try await geocoder(server, keys: ["k1"]).geocode(Self.plano)
        #expect(placemark.coordinate == Coordinate(latitude: 33.010003, longitude: -96.757923))
        #expect(placemark.accuracy == .address)
        #expect(server.requests == [route(Self.encodedPlano, key: "k1")])
    }

    @Test func spreadsQueriesOverTheKeysInTurn() async throws {
        var routes: [String: LocalHTTPServer.Response] = [:]
        for key in ["a", "b", "c"] {
            routes[route("Plano", key: key)] = .init(body: "200,4,33.0198,-96.6989")
        }
        let server = try LocalHTTPServer(routes: routes)
        let geocoder = try geocoder(server, keys: ["a", "b", "c"])
        for _ in 0..<4 { _ = try await geocoder.geocode("Plano") }
        #expect(server.requests.map { $0.split(separator: "=").last.map(String.init) } == ["a", "b", "c", "a"])
    }

    @Test func rotatesToTheNextKeyWhenOneIsOverQuotaOrRefused() async throws {
        let server = try LocalHTTPServer(routes: [
            route("Plano", key: "tired"): .init(body: "620,0,0,0"),
            route("Plano", key: "revoked"): .init(body: "610,0,0,0"),
            route("Plano", key: "limited"): .init(status: 429, body: ""),
            route("Plano", key: "good"): .init(body: "200,4,33.0198,-96.6989"),
        ])
        let geocoder = try geocoder(server, keys: ["tired", "revoked", "limited", "good"])
        let placemark = try await geocoder.geocode("Plano")
        #expect(placemark.coordinate.latitude == 33.0198)
        #expect(server.requests.count == 4)
        #expect(geocoder.activeKeys == ["tired", "limited", "good"])
        // The refused key is out; the ones over quota rest; the good key answers at once.
        _ = try await geocoder.geocode("Plano")
        #expect(server.requests.count == 5)
        #expect(server.requests.last == route("Plano", key: "good"))
    }

    @Test func failsWhenEveryKeyIsOverQuotaWithoutInventingAPosition() async throws {
        let server = try LocalHTTPServer(routes: [
            route("Plano", key: "a"): .init(body: "620,0,404,404"),
            route("Plano", key: "b"): .init(body: "620,0,404,404"),
        ])
        let geocoder = try geocoder(server, keys: ["a", "b"])
        let error = await #expect(throws: LocationError.self) { try await geocoder.geocode("Plano") }
        #expect(error?.code == .quotaExceeded)
        do {
            _ = try await geocoder.geocode("Plano")
            Issue.record("geocoded with every key resting")
        } catch {
            #expect(error.code == .quotaExceeded)
            #expect(error.reason.contains("try again later"))
        }
        #expect(server.requests.count == 2)
    }

    struct StatusCase: Sendable, CustomTestStringConvertible {
        var body: String
        var httpStatus = 200
        var code: LocationError.Code
        var testDescription: String { "\(httpStatus) \(body) → \(code)" }
    }

    @Test(arguments: [
        StatusCase(body: "400,0,0,0", code: .badRequest),
        StatusCase(body: "500,0,0,0", code: .serverError),
        StatusCase(body: "601,0,0,0", code: .badRequest),
        StatusCase(body: "602,0,404,404", code: .unknownAddress),
        StatusCase(body: "603,0,0,0", code: .unavailableAddress),
        StatusCase(body: "604,0,0,0", code: .notFound),
        StatusCase(body: "610,0,0,0", code: .badKey),
        StatusCase(body: "620,0,0,0", code: .quotaExceeded),
        StatusCase(body: "999,0,0,0", code: .serverError),
        StatusCase(body: "200,8,95.0,10.0", code: .malformed),
        StatusCase(body: "200,8,33.0", code: .malformed),
        StatusCase(body: "<html>oops</html>", code: .malformed),
        StatusCase(body: "", httpStatus: 403, code: .badKey),
        StatusCase(body: "", httpStatus: 429, code: .quotaExceeded),
        StatusCase(body: "", httpStatus: 404, code: .badRequest),
        StatusCase(body: "", httpStatus: 503, code: .serverError),
    ])
    func mapsEveryStatusToItsError(_ example: StatusCase) async throws {
        let server = try LocalHTTPServer(routes: [
            route("Nowhere", key: "k"): .init(status: example.httpStatus, body: example.body)
        ])
        let geocoder = try geocoder(server, keys: ["k"])
        do {
            let placemark = try await geocoder.geocode("Nowhere")
            Issue.record("answered \(placemark.coordinate) for \(example.body)")
        } catch {
            #expect(error.code == example.code, "\(error)")
            #expect(error.subject == "\"Nowhere\"")
        }
    }

    @Test func anUnreachableServiceIsAConnectionFailure() async throws {
        let port = try FreePort.find()
        let geocoder = try CSVGeocoder(urlTemplate: "http://127.0.0.1:\(port)/geo?q={query}", keys: [])
        do {
            _ = try await geocoder.geocode("Plano")
            Issue.record("geocoded without a server")
        } catch {
            #expect(error.code == .connectionFailed)
        }
    }

    @Test func refusesABadConfigurationOrAnEmptyQuery() async throws {
        let error = #expect(throws: LocationError.self) { try CSVGeocoder(urlTemplate: "ftp://x/{query}", keys: ["k"]) }
        #expect(error?.code == .invalidArgument)
        let error2 = #expect(throws: LocationError.self) { try CSVGeocoder(urlTemplate: "http://x/geo", keys: ["k"]) }
        #expect(error2?.code == .invalidArgument)
        let error3 = #expect(throws: LocationError.self) {
            try CSVGeocoder(urlTemplate: "http://x/{query}&key={key}", keys: [])
        }
        #expect(error3?.code == .invalidArgument)
        let geocoder = try CSVGeocoder(urlTemplate: "http://127.0.0.1:9/{query}", keys: [])
        let error4 = await #expect(throws: LocationError.self) { try await geocoder.geocode("  ") }
        #expect(error4?.code == .badRequest)
    }

    @Test func aKeyOverQuotaComesBackAfterItsCooldown() async throws {
        let server = try LocalHTTPServer(routes: [
            route("Plano", key: "only"): .init(body: "620,0,0,0")
        ])
        let geocoder = try geocoder(server, keys: ["only"])
        geocoder.quotaCooldown = 0
        let error = await #expect(throws: LocationError.self) { try await geocoder.geocode("Plano") }
        #expect(error?.code == .quotaExceeded)
        let error2 = await #expect(throws: LocationError.self) { try await geocoder.geocode("Plano") }
        #expect(error2?.code == .quotaExceeded)
        #expect(server.requests.count == 2)  // asked again: the key rested for zero seconds
    }
}
