import FolioDatabase
import FolioFiles
import FolioSandbox
import FolioTestSupport
import Foundation
import Testing

@testable import FolioLocation

@Suite struct TrackStoreGPXTests {
    func store(_ home: TestContainer) throws -> TrackStore {
        try home.container.makeDirectories(try SandboxPath(parsing: "Library/Database"), operation: "test")
        return try TrackStore(try SandboxPath(parsing: TrackStore.defaultPath), in: home.container)
    }

    /// Exports `track` into the Home, checks it against the GPX 1.1 schema, and imports it again.
    func roundTrip(_ track: Track, in store: TrackStore, home: TestContainer) throws -> [Track] {
        let files = Files(home.container)
        let path = try SandboxPath(parsing: "Documents/export.gpx")
        try files.write(to: path) { file in try store.exportGPX(track, to: { try file.write($0) }) }
        try GPXSchema.validate(try #require(home.read("Documents/export.gpx")))
        let imported = try store.importGPX(.file(path, in: files), name: "\(track.name) again")
        try files.remove(path)
        return imported
    }

    static let mixed = GPXReaderTests.document(
        """
        <wpt lat="45.8" lon="14.3"><ele>550</ele><name>Lake</name></wpt>
        <wpt lat="45.9" lon="14.4"><name>Village</name></wpt>
        <rte><name>Plan</name><rtept lat="45.8" lon="14.3"/><rtept lat="45.81" lon="14.31"/></rte>
        <trk><name>Walk</name>
          <trkseg><trkpt lat="45.8" lon="14.3"><time>2024-01-01T12:00:00Z</time></trkpt>
            <trkpt lat="45.801" lon="14.3"><time>2024-01-01T12:00:10Z</time></trkpt></trkseg>
          <trkseg/>
          <trkseg><trkpt lat="45.81" lon="14.31"/><trkpt lat="45.811" lon="14.31"/></trkseg>
        </trk>
        <trk><name>Nothing</name><trkseg/></trk>
        """)

    @Test func importsTracksRoutesAndWaypointsKeepingSegments() throws {
        let home = try TestContainer()
        let store = try store(home)
        let tracks = try store.importGPX(.text(Self.mixed, name: "Documents/lake.gpx"))
        #expect(tracks.map(\.name) == ["lake waypoints", "Plan", "Walk"])
        #expect(tracks.map(\.kind) == [.waypoints, .route, .track])
        #expect(tracks.map(\.pointCount) == [2, 2, 4])
        #expect(tracks.map(\.segmentCount) == [2, 1, 2])
        #expect(tracks.map(\.timedPointCount) == [0, 0, 2])
        #expect(tracks[0].distance == 0)
        #expect(tracks[0].hasUnknownTimes && tracks[1].hasUnknownTimes && !tracks[2].hasUnknownTimes)
        #expect(tracks[1].distance > 1000)
        #expect(try store.segments(of: tracks[0]).map { $0.map(\.name) } == [["Lake"], ["Village"]])
        #expect(try store.segments(of: tracks[0])[0][0].altitude == 550)
        let walk = try store.segments(of: tracks[2])
        #expect(walk.map { $0.map { $0.time != nil } } == [[true, true], [false, false]])
        #expect(tracks[2].start == Walks.start)
        #expect(tracks[2].end == Walks.start + .seconds(10))
    }

    @Test func aTrackWithoutTimesKeepsItsPathAndDistance() throws {
        let home = try TestContainer()
        let store = try store(home)
        let body = """
            <trk><trkseg><trkpt lat="38.8977" lon="-77.0365"/><trkpt lat="38.8719" lon="-77.0563"/></trkseg></trk>
            """
        let track = try #require(try store.importGPX(.text(GPXReaderTests.document(body), name: "plan.gpx")).first)
        #expect(track.hasUnknownTimes)
        #expect(track.start == nil && track.end == nil)
        #expect(abs(track.distance - Walks.whiteHouse.distance(to: Walks.pentagon)) < 1e-6)
        let svg = TrackMap(title: track.name).render(segments: try store.segments(of: track))
        #expect(svg.contains("2 points, times unknown"))
    }

    @Test func everyKindRoundTripsThroughValidGPX() throws {
        let home = try TestContainer()
        let store = try store(home)
        for track in try store.importGPX(.text(Self.mixed, name: "lake.gpx")) {
            let again = try roundTrip(track, in: store, home: home)
            #expect(again.map(\.kind) == [track.kind], "\(track.name)")
            #expect(try store.segments(of: again[0]) == store.segments(of: track), "\(track.name)")
            #expect(again[0].distance == track.distance)
        }
    }

    @Test func theExplicitNameNamesEveryTrackOfTheFile() throws {
        let home = try TestContainer()
        let store = try store(home)
        let tracks = try store.importGPX(.text(Self.mixed, name: "lake.gpx"), name: "Trip")
        #expect(tracks.map(\.name) == ["Trip waypoints", "Trip", "Trip 2"])
        let again = try store.importGPX(.text(Self.mixed, name: "lake.gpx"))
        #expect(again.map(\.name) == ["lake waypoints", "Plan", "Walk"])
        let third = try store.importGPX(.text(Self.mixed, name: "lake.gpx"))
        #expect(third.map(\.name) == ["lake waypoints 2", "Plan 2", "Walk 2"])
        let error = #expect(throws: LocationError.self) {
            try store.importGPX(.text(Self.mixed, name: "lake.gpx"), name: "Trip")
        }
        #expect(error?.code == .alreadyExists)
        let error2 = #expect(throws: LocationError.self) { try store.importGPX(.text(Self.mixed), name: " bad") }
        #expect(error2?.code == .invalidArgument)
    }

    @Test func namesFromTheFileAreMadeFitForATrack() throws {
        let home = try TestContainer()
        let store = try store(home)
        let body = """
            <trk><name>  Line&#10;two\t  </name><trkseg><trkpt lat="1" lon="2"/></trkseg></trk>
            <trk><name>\(String(repeating: "x", count: 300))</name><trkseg><trkpt lat="1" lon="2"/></trkseg></trk>
            """
        let tracks = try store.importGPX(.text(GPXReaderTests.document(body), name: "names.gpx"))
        #expect(tracks.map(\.name) == ["Line two", String(repeating: "x", count: 180)])
    }

    @Test func unknownValuesOfARecordingStayUnknown() throws {
        let home = try TestContainer()
        let store = try store(home)
        let track = try store.createTrack(named: "Recorded", source: "test")
        var location = GPXWriterTests.locations(1)[0]
        location.speed = -1
        location.verticalAccuracy = -1
        try store.append(location, to: track)
        let point = try #require(try store.segments(of: track).first?.first)
        #expect(point.speed == nil)
        #expect(point.altitude == nil && point.verticalAccuracy == nil)
        #expect(point.horizontalAccuracy == location.horizontalAccuracy)
        #expect(point.time == location.timestamp)
    }

    @Test func anOlderStoreKeepsItsTracksWithUnknownValuesAsNulls() throws {
        let directory = TemporaryDirectory(prefix: "folio-tracks")
        let path = directory.appending("tracks.db")
        let queue = try DatabaseQueue(path: path)
        try queue.inDatabase { db in
            try Migrator.oldTrackStore.migrate(db)
            try db.execute("INSERT INTO tracks VALUES (3, 'Old', 1.5e9, NULL, 2, 1, 1.5e9, 1.5e9, 4)")
            try db.execute("INSERT INTO points VALUES (3, 0, 0, 38.9, -77.0, 12, 5, 7, -1, 90, 1.5e9)")
            try db.execute("INSERT INTO points VALUES (3, 1, 0, 38.9, -77.0, NULL, -1, 7, 2, -1, 1.5e9)")
        }
        let store = try TrackStore(path: path)
        let track = try store.track(named: "Old")
        #expect(track.kind == .track)
        #expect(track.timedPointCount == 2)
        let points = try store.segments(of: track)[0]
        #expect(points.map(\.horizontalAccuracy) == [5, nil])
        #expect(points.map(\.verticalAccuracy) == [7, nil])
        #expect(points.map(\.speed) == [nil, 2])
        #expect(points.map(\.course) == [90, nil])
        #expect(points.map(\.altitude) == [12, nil])
        try store.append(TrackPoint(coordinate: Walks.pentagon), to: track)
        let extended = try store.track(named: "Old")
        #expect(extended.pointCount == 3 && extended.timedPointCount == 2)
        #expect(extended.end == track.end)
    }
}
