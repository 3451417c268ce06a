import Foundation
import Testing

@testable import FolioLocation

@Suite struct GPXFileTests {
    @Test func replaysEveryTrackPointThroughAManager() async {
        let manager = LocationManager(source: GPXFile(.text(GPXReaderTests.walk, name: "walk.gpx")))
        let updates = manager.updates()
        manager.startUpdatingLocation()
        var locations: [Location] = []
        for await update in updates {
            if let location = update.location { locations.append(location) }
        }
        #expect(locations.count == 3)
        #expect(locations.first?.timestamp == Walks.start)
    }

    @Test func aBrokenPointEndsTheReplayWithAFailure() async {
        let body = """
            <trk><trkseg><trkpt lat="1" lon="2"><time>2024-01-01T12:00:00Z</time></trkpt>\
            <trkpt lat="100" lon="2"><time>2024-01-01T12:00:01Z</time></trkpt>\
            <trkpt lat="1" lon="3"><time>2024-01-01T12:00:02Z</time></trkpt></trkseg></trk>
            """
        let manager = LocationManager(source: GPXFile(.text(GPXReaderTests.document(body), name: "bad.gpx")))
        let updates = manager.updates()
        manager.startUpdatingLocation()
        var delivered: [LocationUpdate] = []
        for await update in updates { delivered.append(update) }
        #expect(delivered.count == 2)
        #expect(delivered.last?.failure?.code == .invalidCoordinate)
        #expect(delivered.last?.failure?.subject == "bad.gpx, line 3")
    }

    @Test func aPointWithoutATimeEndsTheReplayWithAFailure() async {
        let body = """
            <wpt lat="5" lon="5"/><trk><trkseg><trkpt lat="1" lon="2"><time>2024-01-01T12:00:00Z</time></trkpt>
            <trkpt lat="1" lon="3"/></trkseg></trk>
            """
        let manager = LocationManager(source: GPXFile(.text(GPXReaderTests.document(body), name: "untimed.gpx")))
        let updates = manager.updates()
        manager.startUpdatingLocation()
        var delivered: [LocationUpdate] = []
        for await update in updates { delivered.append(update) }
        #expect(delivered.count == 2)
        #expect(delivered.first?.location?.coordinate == Coordinate(latitude: 1, longitude: 2))
        #expect(delivered.last?.failure?.code == .missingTime)
        #expect(delivered.last?.failure?.subject == "untimed.gpx, line 4")
    }
}
