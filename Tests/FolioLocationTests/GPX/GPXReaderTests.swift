import Foundation
import Testing

@testable import FolioLocation

@Suite struct GPXReaderTests {
    static func document(_ body: String, version: String = "1.1") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="\(version)" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
        \(body)
        </gpx>
        """
    }

    static let walk = document(
        """
        <wpt lat="1" lon="1"><name>ignored</name></wpt>
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

    @Test func readsTracksSegmentsAndPoints() throws {
        let reader = try GPXReader(.text(Self.walk, name: "walk.gpx"))
        #expect(reader.version == "1.1")
        #expect(reader.creator == "test")
        let tracks = try reader.readTracks()
        #expect(tracks.count == 1)
        #expect(tracks[0].name == "Walk & talk")
        #expect(tracks[0].segments.map(\.count) == [2, 1])
        let first = tracks[0].segments[0][0]
        #expect(first.coordinate == Coordinate(latitude: 38.8977, longitude: -77.0365))
        #expect(first.altitude == 20.5)
        #expect(first.hasValidAltitude)
        #expect(first.horizontalAccuracy == 10)
        #expect(first.timestamp == Walks.start)
        let second = tracks[0].segments[0][1]
        #expect(second.horizontalAccuracy == 40)
        #expect(!second.hasValidAltitude)
        let last = tracks[0].segments[1][0]
        #expect(last.horizontalAccuracy == 3.5)
        #expect(last.speed == 1.25)
        #expect(last.course == 200)
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
            body: "<trk><trkseg><trkpt lat=\"1\" lon=\"2\"><ele>3</ele></trkpt></trkseg></trk>",
            code: "missingTime", reason: "has no <time>"),
        Broken(
            body: "<trk><trkseg><trkpt lat=\"1\"><time>2024-01-01T12:00:00Z</time></trkpt></trkseg></trk>",
            code: "malformed", reason: "has no lon"),
        Broken(
            body: "<trk><trkseg><trkpt lat=\"1\" lon=\"2\"><time>noon</time></trkpt></trkseg></trk>",
            code: "malformed", reason: "is not an ISO 8601 UTC time"),
        Broken(body: "<trk><trkseg><trkpt lat=\"1\" lon=\"2\">", code: "malformed", reason: "closes <trkpt>"),
    ])
    func refusesBrokenPointsWithTheirLine(_ example: Broken) throws {
        do {
            _ = try GPXReader(.text(Self.document(example.body), name: "bad.gpx")).readTracks()
            Issue.record("accepted \(example.body)")
        } catch {
            #expect(error.code.rawValue == example.code)
            #expect(error.reason.contains(example.reason), "\(error)")
            #expect(error.subject.hasPrefix("bad.gpx, line "))
        }
    }

    @Test func refusesWhatIsNotGPX() {
        #expect(throws: LocationError.self) { try GPXReader(.text("<kml/>")) }
        #expect(throws: LocationError.self) { try GPXReader(.text("<gpx version=\"2.0\"/>")) }
        #expect(throws: LocationError.self) { try GPXReader(.text("")) }
    }

    @Test func reportsEmptySegments() throws {
        let reader = try GPXReader(.text(Self.document("<trk><trkseg/><trkseg></trkseg></trk>")))
        let tracks = try reader.readTracks()
        #expect(tracks.count == 1)
        #expect(tracks[0].name == nil)
        #expect(tracks[0].segments.map(\.count) == [0, 0])
    }

    @Test func readsGPX10SpeedAndCourse() throws {
        let body = """
            <trk><trkseg><trkpt lat="1" lon="2"><time>2024-01-01T12:00:00Z</time><course>45</course>\
            <speed>3</speed></trkpt></trkseg></trk>
            """
        let tracks = try GPXReader(.text(Self.document(body, version: "1.0"))).readTracks()
        #expect(tracks[0].segments[0][0].speed == 3)
        #expect(tracks[0].segments[0][0].course == 45)
    }
}
