import FolioSandbox
import FolioTestSupport
import Foundation
import Testing

@testable import FolioLocation

/// gpxpy's test files (`corpora/gpx/`), each read as gpxpy reads it.
///
/// The expectations are gpxpy's own reading, computed once by `Scripts/make-gpx-expectations`
/// into `gpx-expectations.json` beside this file (so the suite needs no Python): per file the
/// version, each track's name and points per segment, each route's name and points, the number
/// of waypoints, and the first and last point of each kind. Folio must read the same: coordinates
/// and elevations exactly, names, and times to the microsecond (gpxpy keeps microseconds; Folio
/// keeps every digit the file has). Importing each file into a track store must keep every
/// point: a stored track per non-empty track and route, one for the waypoints, with the
/// non-empty segments.
@Suite struct GPXCorpusTests {
    struct Expectations: Decodable {
        var reference: String
        var files: [File]
    }

    struct File: Decodable, Sendable, CustomTestStringConvertible {
        var file: String
        var version: String?
        var tracks: [Track]
        var routes: [Route]
        var waypoints: Int
        var trackPoints: Ends?
        var routePoints: Ends?
        var waypointPoints: Ends?
        var testDescription: String { file }
    }

    struct Track: Decodable, Sendable {
        var name: String?
        var segments: [Int]
    }

    struct Route: Decodable, Sendable {
        var name: String?
        var points: Int
    }

    struct Ends: Decodable, Sendable {
        var first: Point
        var last: Point
    }

    struct Point: Decodable, Sendable {
        var latitude: Double
        var longitude: Double
        var elevation: Double?
        var time: String?
        var name: String?
    }

    static let expectations: Expectations = {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "gpx-expectations.json")
        do {
            return try JSONDecoder().decode(Expectations.self, from: try Data(contentsOf: path))
        } catch {
            fatalError("cannot read \(path.path): \(error)")
        }
    }()

    @Test func theExpectationsCoverEveryFileOfTheCorpus() throws {
        let files = try Corpora.files(in: "gpx", endingWith: ".gpx")
        #expect(files.count >= 28)
        #expect(Self.expectations.files.map(\.file) == files)
    }

    @Test(arguments: expectations.files)
    func readsWhatGPXPyReads(_ expected: File) throws {
        let input = DataInput.bytes([UInt8](try Corpora.data("gpx/\(expected.file)")), name: expected.file)
        let reader = try GPXReader(input)
        #expect(reader.version == expected.version)
        let contents = try GPXContents(reading: reader)
        #expect(contents.tracks.map(\.name) == expected.tracks.map(\.name))
        #expect(contents.tracks.map { $0.segments.map(\.count) } == expected.tracks.map(\.segments))
        #expect(contents.routes.map(\.name) == expected.routes.map(\.name))
        #expect(contents.routes.map(\.points.count) == expected.routes.map(\.points))
        #expect(contents.waypoints.count == expected.waypoints)
        let trackPoints = contents.tracks.flatMap { $0.segments.flatMap { $0 } }
        let routePoints = contents.routes.flatMap(\.points)
        for (points, ends, kind) in [
            (trackPoints, expected.trackPoints, "track"), (routePoints, expected.routePoints, "route"),
            (contents.waypoints, expected.waypointPoints, "waypoint"),
        ] {
            guard let ends else {
                #expect(points.isEmpty, "\(kind) points")
                continue
            }
            try Self.compare(try #require(points.first), ends.first, "first \(kind) point")
            try Self.compare(try #require(points.last), ends.last, "last \(kind) point")
        }
    }

    @Test(arguments: expectations.files)
    func importsEveryPoint(_ expected: File) throws {
        let directory = TemporaryDirectory(prefix: "folio-gpx-corpus")
        let store = try TrackStore(path: directory.appending("tracks.db"))
        let input = DataInput.bytes([UInt8](try Corpora.data("gpx/\(expected.file)")), name: expected.file)
        var wanted: [(kind: TrackKind, points: Int, segments: Int)] = []
        if expected.waypoints > 0 { wanted.append((.waypoints, expected.waypoints, expected.waypoints)) }
        for route in expected.routes where route.points > 0 { wanted.append((.route, route.points, 1)) }
        for track in expected.tracks where track.segments.contains(where: { $0 > 0 }) {
            wanted.append((.track, track.segments.reduce(0, +), track.segments.filter { $0 > 0 }.count))
        }
        guard !wanted.isEmpty else {
            let error = try #require(throws: LocationError.self) { try store.importGPX(input) }
            #expect(error.code == .empty)
            return
        }
        let tracks = try store.importGPX(input)
        #expect(tracks.map(\.kind) == wanted.map(\.kind))
        #expect(tracks.map(\.pointCount) == wanted.map(\.points))
        #expect(tracks.map(\.segmentCount) == wanted.map(\.segments))
    }

    static func compare(_ point: TrackPoint, _ expected: Point, _ what: String) throws {
        #expect(point.coordinate.latitude == expected.latitude, "\(what)")
        #expect(point.coordinate.longitude == expected.longitude, "\(what)")
        #expect(point.altitude == expected.elevation, "\(what)")
        #expect(point.name == expected.name, "\(what)")
        if let text = expected.time {
            let time = try #require(LocationTime(parsing: text), "\(text)")
            let read = try #require(point.time, "\(what) has no time")
            #expect(read.secondsAndNanoseconds.seconds == time.secondsAndNanoseconds.seconds, "\(what)")
            #expect(read.secondsAndNanoseconds.nanoseconds / 1000 == time.secondsAndNanoseconds.nanoseconds / 1000)
        } else {
            #expect(point.time == nil, "\(what)")
        }
    }
}
