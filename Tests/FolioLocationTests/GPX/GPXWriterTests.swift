import Foundation
import Testing

@testable import FolioLocation

@Suite struct GPXWriterTests {
    static func locations(_ count: Int) -> [Location] {
        let bearing = Walks.whiteHouse.bearing(to: Walks.pentagon)
        return (0..<count).map { index in
            Location(
                coordinate: Walks.whiteHouse.destination(bearing: bearing, distance: Double(index) * 7.25),
                altitude: 20 + Double(index), horizontalAccuracy: 4.5, verticalAccuracy: 6, speed: 1.5,
                course: bearing, timestamp: Walks.start + .milliseconds(index * 1000 + 500))
        }
    }

    func write(_ body: (GPXWriter) throws -> Void) throws -> String {
        var bytes: [UInt8] = []
        let writer = GPXWriter(creator: "Folio <test>", name: "Walk") { bytes += $0 }
        try body(writer)
        try writer.finish()
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func roundTripsThroughTheReader() throws {
        let original = Self.locations(20)
        let text = try write { writer in
            try writer.beginTrack(name: "White House → Pentagon")
            try writer.beginSegment()
            for location in original.prefix(12) { try writer.write(location) }
            try writer.beginSegment()
            for location in original.dropFirst(12) { try writer.write(location) }
        }
        let tracks = try GPXContents(reading: try GPXReader(.text(text))).tracks
        #expect(tracks.count == 1)
        #expect(tracks[0].name == "White House → Pentagon")
        #expect(tracks[0].segments.map(\.count) == [12, 8])
        for (read, written) in zip(tracks[0].segments.flatMap { $0 }, original) {
            #expect(read == TrackPoint(written))
        }
        try GPXSchema.validate(text)
    }

    @Test func roundTripsWaypointsRoutesAndPointsWithoutTimes() throws {
        let waypoint = TrackPoint(coordinate: Walks.whiteHouse, altitude: 18, name: "White House <north>")
        let route = [
            TrackPoint(coordinate: Walks.whiteHouse), TrackPoint(coordinate: Walks.pentagon, name: "Pentagon"),
        ]
        let track = TrackPoint(coordinate: Walks.pentagon, altitude: 12.5, verticalAccuracy: 3, time: Walks.start)
        let text = try write { writer in
            try writer.writeWaypoint(waypoint)
            try writer.beginRoute(name: "Plan")
            for point in route { try writer.write(point) }
            try writer.beginTrack(name: nil)
            try writer.write(track)
            try writer.write(TrackPoint(coordinate: Walks.whiteHouse))
        }
        try GPXSchema.validate(text)
        let contents = try GPXContents(reading: try GPXReader(.text(text)))
        #expect(contents.waypoints == [waypoint])
        #expect(contents.routes == [GPXContents.Route(name: "Plan", points: route)])
        #expect(contents.tracks.map(\.segments) == [[[track, TrackPoint(coordinate: Walks.whiteHouse)]]])
    }

    @Test func namesWithMarkupCharactersAreEscapedAndReadBack() throws {
        let name = "Tom & Jerry's <\"walk\">\u{01}"
        let text = try write { writer in
            try writer.beginTrack(name: name)
            try writer.write(Self.locations(1)[0])
        }
        #expect(text.contains("<name>Tom &amp; Jerry&#39;s &lt;&quot;walk&quot;&gt;</name>"))
        try GPXSchema.validate(text)
        let tracks = try GPXContents(reading: try GPXReader(.text(text))).tracks
        #expect(tracks.first?.name == "Tom & Jerry's <\"walk\">", "the control character XML forbids is left out")
    }

    @Test func writesWhatTheSchemaRequires() throws {
        var location = Self.locations(1)[0]
        location.coordinate = Walks.whiteHouse
        let text = try write { writer in
            try writer.write(location)
        }
        #expect(
            text.hasPrefix(
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<gpx version=\"1.1\" creator=\"Folio &lt;test&gt;\""))
        #expect(text.contains("xmlns=\"http://www.topografix.com/GPX/1/1\""))
        #expect(text.contains("<metadata><name>Walk</name></metadata>"))
        #expect(
            text.contains(
                "<trkpt lat=\"38.8977\" lon=\"-77.0365\"><ele>20</ele><time>2024-01-01T12:00:00.500Z</time>"))
        #expect(text.hasSuffix("</trkseg>\n  </trk>\n</gpx>\n"))
    }

    @Test func keepsTheRulesOfTheGPXSchema() throws {
        let text = try write { writer in
            for location in Self.locations(3) { try writer.write(location) }
            var edge = TrackPoint(Self.locations(1)[0])
            edge.coordinate = Coordinate(latitude: -90, longitude: 180)
            edge.altitude = 0.000005
            try writer.write(edge)
        }
        try GPXSchema.validate(text)
    }

    @Test func theValidatorRefusesWhatTheSchemaDoesNot() throws {
        let invalid =
            "<gpx xmlns=\"\(GPXReader.namespace)\" version=\"1.1\"><trk><trkpt lat=\"1\" lon=\"2\"/></trk></gpx>"
        #expect(try GPXSchema.problems(invalid)?.contains("trkpt") == true)
    }

    @Test func refusesAnOutOfRangePoint() throws {
        var bytes: [UInt8] = []
        let writer = GPXWriter(creator: "Folio") { bytes += $0 }
        var location = Self.locations(1)[0]
        location.coordinate.latitude = 95
        let error = #expect(throws: LocationError.self) { try writer.write(location) }
        #expect(error?.code == .invalidCoordinate)
    }
}
