import FolioDatabase
import FolioTestSupport
import Foundation
import Testing

@testable import FolioLocation

@Suite struct TrackStoreSchemaTests {
    /// What a store written before times were exact held for `text`: the REAL seconds of a `Date`.
    static func storedSeconds(_ text: String) throws -> Double {
        let time = try #require(LocationTime(parsing: text))
        let (seconds, nanoseconds) = time.secondsAndNanoseconds
        return Date(timeIntervalSince1970: Double(seconds) + Double(nanoseconds) / 1e9).timeIntervalSince1970
    }

    @Test func keepsTimesAsWholeNanoseconds() throws {
        let directory = TemporaryDirectory(prefix: "folio-tracks")
        let path = directory.appending("tracks.db")
        let store = try TrackStore(path: path)
        let track = try store.createTrack(named: "Walk", source: nil)
        let time = try #require(LocationTime(parsing: "2024-01-01T12:00:13.994Z"))
        try store.append(
            Location(coordinate: Walks.whiteHouse, horizontalAccuracy: 5, timestamp: time), to: track)
        #expect(try store.segments(of: track).first?.first?.time == time)
        #expect(try store.track(named: "Walk").start == time)
        let stored = try SQLiteShell.run(
            path, "SELECT typeof(time), time FROM points; SELECT typeof(created) FROM tracks;")
        #expect(stored == "integer|1704110413994000000\ninteger\n")
    }

    @Test func migratesTheRealTimesOfAnOlderStoreToTheTimesTheyStoodFor() throws {
        let directory = TemporaryDirectory(prefix: "folio-tracks")
        let path = directory.appending("tracks.db")
        let times = ["2024-01-01T12:00:13.994Z", "2024-01-01T12:00:14Z", "2006-05-20T20:06:19.3Z"]
        let old = try times.map(Self.storedSeconds)
        #expect((old[0] - 1_704_110_413) * 1e9 != 994_000_000, "the old value is a binary fraction, not .994")
        let queue = try DatabaseQueue(path: path)
        try queue.inDatabase { db in
            try Migrator.oldTrackStore.migrate(db)
            try db.execute(
                "INSERT INTO tracks VALUES (7, 'Old walk', ?, 'walk.gpx', 3, 2, ?, ?, 12.5)",
                try Self.storedSeconds("2024-02-01T08:00:00.123456Z"), old[0], old[2])
            for (index, seconds) in old.enumerated() {
                try db.execute(
                    "INSERT INTO points VALUES (7, ?, ?, 38.9, -77.0, NULL, 5, -1, -1, -1, ?)", index, index / 2,
                    seconds)
            }
        }
        let store = try TrackStore(path: path)
        let track = try store.track(named: "Old walk")
        #expect(track.created.description == "2024-02-01T08:00:00.123456Z")
        #expect(track.start?.description == "2024-01-01T12:00:13.994Z")
        #expect(track.end?.description == "2006-05-20T20:06:19.300Z")
        #expect(track.pointCount == 3 && track.segmentCount == 2 && track.distance == 12.5 && track.id == 7)
        let segments = try store.segments(of: track)
        #expect(
            segments.map { $0.map(\.time?.description) } == [
                ["2024-01-01T12:00:13.994Z", "2024-01-01T12:00:14.000Z"], ["2006-05-20T20:06:19.300Z"],
            ])
        #expect(try SQLiteShell.run(path, "SELECT DISTINCT typeof(time) FROM points;") == "integer\n")
        // The foreign key follows the rebuilt tracks table: deleting the track deletes its points.
        try store.deleteTrack(named: "Old walk")
        #expect(try SQLiteShell.run(path, "SELECT count(*) FROM points;") == "0\n")
    }

    @Test(arguments: [
        ("2024-01-01T12:00:13.994Z", "2024-01-01T12:00:13.994Z"),
        ("2024-01-01T12:00:13Z", "2024-01-01T12:00:13.000Z"),
        ("2024-01-01T12:00:13.5Z", "2024-01-01T12:00:13.500Z"),
        ("2024-01-01T12:00:13.25Z", "2024-01-01T12:00:13.250Z"),
        ("2024-01-01T12:00:13.123456Z", "2024-01-01T12:00:13.123456Z"),
        ("2024-01-01T12:00:13.999999Z", "2024-01-01T12:00:13.999999Z"),
        ("1970-01-01T00:00:00.001Z", "1970-01-01T00:00:00.001Z"),
        ("1969-12-31T23:59:59.75Z", "1969-12-31T23:59:59.750Z"),
    ])
    func readsAnOldValueAsTheShortestDecimalItStoodFor(_ written: String, _ read: String) throws {
        let time = try #require(TrackStore.exactTime(fromStoredSeconds: try Self.storedSeconds(written)))
        #expect(time.description == read)
        #expect(TrackStore.exactTime(fromStoredSeconds: .nan) == nil)
        #expect(TrackStore.exactTime(fromStoredSeconds: 1e300) == nil)
    }
}

extension Migrator {
    /// The track store's schema before times were exact: its first migration only.
    static var oldTrackStore: Migrator {
        var migrator = Migrator()
        migrator.register("create tracks") { db in
            try db.execute(
                """
                CREATE TABLE tracks (
                    id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, created REAL NOT NULL, source TEXT,
                    point_count INTEGER NOT NULL DEFAULT 0, segment_count INTEGER NOT NULL DEFAULT 0,
                    start_time REAL, end_time REAL, distance REAL NOT NULL DEFAULT 0
                );
                CREATE TABLE points (
                    track INTEGER NOT NULL REFERENCES tracks (id) ON DELETE CASCADE,
                    sequence INTEGER NOT NULL, segment INTEGER NOT NULL,
                    latitude REAL NOT NULL CHECK (latitude BETWEEN -90 AND 90),
                    longitude REAL NOT NULL CHECK (longitude BETWEEN -180 AND 180),
                    altitude REAL, horizontal_accuracy REAL NOT NULL, vertical_accuracy REAL NOT NULL,
                    speed REAL NOT NULL, course REAL NOT NULL, time REAL NOT NULL,
                    PRIMARY KEY (track, sequence)
                ) WITHOUT ROWID;
                """)
        }
        return migrator
    }
}
