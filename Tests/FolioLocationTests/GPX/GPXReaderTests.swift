import FolioFiles
import FolioSandbox
import FolioTestSupport
import Foundation
import Testing

@testable import FolioLocation

@Suite struct GPXReaderTests {
    static func document(_ body: String, version: String? = "1.1", namespace: String? = GPXReader.namespace) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx\(version.map { " version=\"\($0)\"" } ?? "") creator="test"\(namespace.map { " xmlns=\"\($0)\"" } ?? "")>
        \(body)
        </gpx>
        """
    }

    static func contents(_ text: String, name: String = "test.gpx") throws(LocationError) -> GPXContents {
        try GPXContents(reading: try GPXReader(.text(text, name: name)))
    }

    static let walk = document(
        """
        <wpt lat="1" lon="1"><name>Start here</name></wpt>
        <trk><name>Walk &amp; talk</name>
          <trkseg>
            <trkpt lat="38.8977" lon="-77.0365"><ele>20.5</ele><time>2024-01-01T12:00:00Z</time><hdop>2</hdop></trkpt>
            <trkpt lat="38.8970" lon="-77.0370"><time>2024-01-01T12:00:10Z</time></trkpt>
          </trkseg>
          <trkseg>
            <trkpt lat="38.8719" lon="-77.0563"><time>2024-01-01T12:40:00Z</time>
              <extensions><folio:fix xmlns:folio="urn:folio:gpx:1" hacc="3.5" speed="1.25" course="200"/></extensions>
            </trkpt>
          </trkseg>
        </trk>
        """)

    @Test func readsTracksSegmentsPointsAndWaypoints() throws {
        let reader = try GPXReader(.text(Self.walk, name: "walk.gpx"))
        #expect(reader.version == "1.1")
        #expect(reader.creator == "test")
        let contents = try GPXContents(reading: reader)
        #expect(contents.waypoints.map(\.name) == ["Start here"])
        #expect(contents.tracks.count == 1)
        #expect(contents.tracks[0].name == "Walk & talk")
        #expect(contents.tracks[0].segments.map(\.count) == [2, 1])
        let first = contents.tracks[0].segments[0][0]
        #expect(first.coordinate == Coordinate(latitude: 38.8977, longitude: -77.0365))
        #expect(first.altitude == 20.5)
        #expect(first.horizontalAccuracy == 10)
        #expect(first.time == Walks.start)
        let second = contents.tracks[0].segments[0][1]
        #expect(second.horizontalAccuracy == nil)
        #expect(second.altitude == nil)
        let last = contents.tracks[0].segments[1][0]
        #expect(last.horizontalAccuracy == 3.5)
        #expect(last.speed == 1.25)
        #expect(last.course == 200)
    }

    @Test func pointsWithoutTimesAreKept() throws {
        let body = """
            <trk><trkseg><trkpt lat="1" lon="2"><ele>3</ele></trkpt><trkpt lat="1.001" lon="2"/>\
            <trkpt lat="1.002" lon="2"><time>2024-01-01T12:00:00Z</time></trkpt></trkseg></trk>
            """
        let points = try Self.contents(Self.document(body)).tracks[0].segments[0]
        #expect(points.map(\.time) == [nil, nil, Walks.start])
        #expect(points[0].altitude == 3)
    }

    @Test func routesAreReadWithTheirPoints() throws {
        let body = """
            <rte><name>Plan</name><rtept lat="1" lon="2"><name>A</name></rtept><rtept lat="1.5" lon="2.5"/></rte>
            <rte><rtept lat="3" lon="4"/></rte><rte><name>Empty</name></rte>
            """
        let routes = try Self.contents(Self.document(body)).routes
        #expect(routes.map(\.name) == ["Plan", nil, "Empty"])
        #expect(routes.map(\.points.count) == [2, 1, 0])
        #expect(routes[0].points[0].name == "A")
    }

    @Test func gpxAsOtherToolsWriteItIsRead() throws {
        let body = "<trk><trkseg><trkpt lat=\"1\" lon=\"2\"><speed>3</speed><course>45</course></trkpt></trkseg></trk>"
        for text in [
            Self.document(body, version: "1.0", namespace: GPXReader.namespace10),
            Self.document(body, version: nil, namespace: nil),
            "\u{FEFF}" + Self.document(body),
            "<?xml version='1.0' encoding='ISO-8859-1'?><gpx><trk><name>Caf\u{E9}</name></trk></gpx>",
        ] {
            let contents = try Self.contents(text)
            #expect(contents.tracks.count == 1, "\(text)")
        }
        let point = try Self.contents(Self.document(body, version: "1.0")).tracks[0].segments[0][0]
        #expect(point.speed == 3)
        #expect(point.course == 45)
        #expect(try GPXReader(.text(Self.document(body, version: nil))).version == nil)
    }

    @Test func foreignElementsAndExtensionsAreSkipped() throws {
        let body = """
            <metadata><name>not a track</name><extensions><trk/></extensions></metadata>
            <trk><extensions><x:trk xmlns:x="urn:x"><trkseg/></x:trk></extensions><trkseg>
            <trkpt lat="1" lon="2"><ele>1</ele><extensions><ele>bogus</ele><g:hr xmlns:g="urn:g">80</g:hr>\
            <speed>fast</speed></extensions></trkpt>
            <x:trkpt xmlns:x="urn:x" lat="9" lon="9"/></trkseg></trk>
            """
        let contents = try Self.contents(Self.document(body))
        #expect(contents.tracks.map(\.segments.count) == [1])
        #expect(contents.tracks[0].segments[0].map(\.altitude) == [1])
    }

    struct Broken: Sendable, CustomTestStringConvertible {
        var body: String
        var code: String
        var reason: String
        var testDescription: String { reason }
    }

    @Test(arguments: [
        Broken(
            body: "<trk><trkseg><trkpt lat=\"91.5\" lon=\"0\"><time>2024-01-01T12:00:00Z</time></trkpt></trkseg></trk>",
            code: "invalidCoordinate", reason: "latitude 91.5 is outside -90…90"),
        Broken(
            body: "<trk><trkseg><trkpt lat=\"1\" lon=\"-181\"><time>2024-01-01T12:00:00Z</time></trkpt></trkseg></trk>",
            code: "invalidCoordinate", reason: "longitude -181 is outside -180…180"),
        Broken(
            body: "<wpt lat=\"1\"><time>2024-01-01T12:00:00Z</time></wpt>", code: "malformed", reason: "has no lon"),
        Broken(
            body: "<rte><rtept lat=\"1\" lon=\"2\"><time>noon</time></rtept></rte>", code: "malformed",
            reason: "is not an ISO 8601 UTC time"),
        Broken(
            body: "<trk><trkseg><trkpt lat=\"1\" lon=\"2\"><ele>high</ele></trkpt></trkseg></trk>", code: "malformed",
            reason: "<ele> 'high' is not a number"),
        Broken(body: "<trk><trkseg><trkpt lat=\"1\" lon=\"2\">", code: "malformed", reason: "malformed XML at line"),
    ])
    func refusesBrokenPointsWithTheirLine(_ example: Broken) throws {
        let error = try #require(throws: LocationError.self) {
            try Self.contents(Self.document(example.body), name: "bad.gpx")
        }
        #expect(error.code.rawValue == example.code)
        #expect(error.reason.contains(example.reason), "\(error)")
        #expect(error.subject.hasPrefix("bad.gpx, line "), "\(error)")
    }

    @Test(arguments: [
        HostileXML.billionLaughs, HostileXML.externalEntity,
        Array("<gpx>".utf8) + HostileXML.nested(300) + Array("</gpx>".utf8),
    ])
    func hostileXMLIsRefused(_ bytes: [UInt8]) throws {
        let error = try #require(throws: LocationError.self) {
            try GPXContents(reading: try GPXReader(.bytes(bytes, name: "hostile.gpx")))
        }
        #expect(error.code == .malformed)
        #expect(error.reason.hasPrefix("malformed XML"), "\(error)")
    }

    @Test func refusesWhatIsNotGPX() {
        let error = #expect(throws: LocationError.self) { try GPXReader(.text("<kml/>")) }
        #expect(error?.code == .malformed)
        let error2 = #expect(throws: LocationError.self) { try GPXReader(.text("")) }
        #expect(error2?.code == .malformed)
        let error3 = #expect(throws: LocationError.self) { try GPXReader(.text("not xml")) }
        #expect(error3?.code == .malformed)
    }

    @Test func reportsEmptySegments() throws {
        let tracks = try Self.contents(Self.document("<trk><trkseg/><trkseg></trkseg></trk><trk/>")).tracks
        #expect(tracks.count == 2)
        #expect(tracks[0].name == nil)
        #expect(tracks[0].segments.map(\.count) == [0, 0])
        #expect(tracks[1].segments.isEmpty)
    }

    @Test func aMissingFileKeepsItsOwnError() throws {
        let home = try TestContainer()
        let input = DataInput.file(try SandboxPath(parsing: "Documents/none.gpx"), in: Files(home.container))
        let error = try #require(throws: LocationError.self) { try GPXReader(input) }
        #expect(error.code == .storageFailed)
    }
}
