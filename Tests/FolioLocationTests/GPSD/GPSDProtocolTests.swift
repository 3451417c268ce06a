import Foundation
import Testing

@testable import FolioLocation

@Suite struct GPSDProtocolTests {
    static let tpv = """
        {"class":"TPV","device":"/dev/pts/3","mode":3,"time":"2024-01-01T12:00:05.000Z","ept":0.005,\
        "lat":33.010086667,"lon":-96.757923333,"altHAE":175.0,"altMSL":200.0,"alt":200.0,"track":90.0,\
        "speed":0.257,"geoidSep":-25.000,"eph":17.100,"epv":23.5}
        """

    @Test func readsReportsSplitAcrossReads() throws {
        var gpsd = GPSDProtocol()
        let text =
            "{\"class\":\"VERSION\",\"release\":\"3.22\",\"proto_major\":3,\"proto_minor\":14}\n" + Self.tpv + "\n"
        let bytes = Array(text.utf8)
        let first = gpsd.feed(bytes[..<100])
        #expect(first == [.version(release: "3.22", protocolMajor: 3, protocolMinor: 14)])
        let second = gpsd.feed(bytes[100...])
        guard case .location(let location, let device) = try #require(second.first) else {
            Issue.record("no location in \(second)")
            return
        }
        #expect(device == "/dev/pts/3")
        #expect(location.coordinate == Coordinate(latitude: 33.010086667, longitude: -96.757923333))
        #expect(location.horizontalAccuracy == 17.1)
        #expect(location.altitude == 200)
        #expect(location.verticalAccuracy == 23.5)
        #expect(location.speed == 0.257)
        #expect(location.course == 90)
        #expect(location.timestamp == Walks.start + .seconds(5))
    }

    @Test func modeOneIsNoFix() {
        var gpsd = GPSDProtocol()
        let reports = gpsd.feed(Array("{\"class\":\"TPV\",\"device\":\"/dev/ttyS0\",\"mode\":1}\n".utf8))
        #expect(reports == [.noFix(device: "/dev/ttyS0")])
    }

    @Test func twoDimensionalFixHasNoAltitude() {
        var gpsd = GPSDProtocol()
        let line = "{\"class\":\"TPV\",\"mode\":2,\"time\":\"2024-01-01T12:00:00Z\",\"lat\":1,\"lon\":2,\"alt\":5}\n"
        guard case .location(let location, _) = gpsd.feed(Array(line.utf8)).first else {
            Issue.record("no location")
            return
        }
        #expect(!location.hasValidAltitude)
        #expect(location.horizontalAccuracy == 40)
    }

    @Test func reportsMalformedLinesAndOutOfRangeFixes() {
        var gpsd = GPSDProtocol()
        let reports = gpsd.feed(
            Array(
                ("not json\n{\"mode\":3}\n{\"class\":\"TPV\",\"mode\":3,\"time\":\"2024-01-01T12:00:00Z\",\"lat\":95,\"lon\":2}\n"
                    + "{\"class\":\"TPV\",\"mode\":3,\"lat\":1,\"lon\":2}\n{\"class\":\"ERROR\",\"message\":\"Unrecognized request\"}\n"
                    + "{\"class\":\"SKY\"}\n").utf8))
        #expect(reports.count == 6)
        let reasons = reports.prefix(3).map { report -> String in
            if case .malformed(let error) = report { return error.reason }
            return "not malformed: \(report)"
        }
        #expect(reasons[0] == "the line is not a JSON object")
        #expect(reasons[1] == "the object has no class")
        #expect(reasons[2].contains("out of range"))
        #expect(reports[3] == .untimed(device: nil))
        #expect(reports[4] == .error("Unrecognized request"))
        #expect(reports[5] == .other("SKY"))
    }

    @Test func messagesAboutReportsKeepNoCarriageReturn() {
        var gpsd = GPSDProtocol()
        let reports = gpsd.feed(Array("not json\r\n{\"class\":\"ERROR\",\"message\":\"bad\\u001b[2J\"}\r\n".utf8))
        guard case .malformed(let error) = reports.first else {
            Issue.record("not malformed: \(reports)")
            return
        }
        #expect(error.description == "read gpsd report failed for not json: the line is not a JSON object (malformed)")
        #expect(reports.last == .error("bad\u{1B}[2J"))
    }

    @Test func parsesHostAndPort() throws {
        let plain = try GPSDSource(parsing: "127.0.0.1:40000")
        #expect(plain.host == "127.0.0.1" && plain.port == 40000)
        #expect(try GPSDSource(parsing: "localhost").port == 2947)
        let six = try GPSDSource(parsing: "[::1]:2948")
        #expect(six.host == "::1" && six.port == 2948)
        let error = #expect(throws: LocationError.self) { try GPSDSource(parsing: "host:99999") }
        #expect(error?.code == .invalidArgument)
        let error2 = #expect(throws: LocationError.self) { try GPSDSource(parsing: ":2947") }
        #expect(error2?.code == .invalidArgument)
    }
}
