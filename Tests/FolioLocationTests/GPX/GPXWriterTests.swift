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
        let tracks = try GPXReader(.text(text)).readTracks()
        #expect(tracks.count == 1)
        #expect(tracks[0].name == "White House → Pentagon")
        #expect(tracks[0].segments.map(\.count) == [12, 8])
        for (read, written) in zip(tracks[0].segments.flatMap { $0 }, original) {
            #expect(read.coordinate.distance(to: written.coordinate) < 0.01)
            #expect(read.timestamp == written.timestamp)
            #expect(read.altitude == written.altitude)
            #expect(read.horizontalAccuracy == written.horizontalAccuracy)
            #expect(read.verticalAccuracy == written.verticalAccuracy)
            #expect(read.speed == written.speed)
            #expect(read.course == written.course)
        }
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
        }
        try GPXSchema.validate(text)
    }

    @Test func refusesAnOutOfRangePoint() throws {
        var bytes: [UInt8] = []
        let writer = GPXWriter(creator: "Folio") { bytes += $0 }
        var location = Self.locations(1)[0]
        location.coordinate.latitude = 95
        #expect(throws: LocationError.self) { try writer.write(location) }
    }
}
