import FolioDatabase
import FolioSandbox
import Foundation

/// Recorded tracks in SQLite: each track a named list of segments of points, as recorded from a
/// location source (movements, with their times) or imported from GPX (tracks, routes and
/// waypoints, whose points may lack times and other values; see ``TrackKind``).
///
/// Every movement is committed as it is added, so a recording that is interrupted keeps what it
/// recorded. The store's schema is created and migrated on open.
///
/// ```swift
/// let store = try TrackStore(SandboxPath(parsing: TrackStore.defaultPath), in: container)
/// let track = try store.createTrack(named: "Morning walk", source: "gpsd")
/// try store.append(location, to: track)
/// for track in try store.tracks() { print(track.name, track.pointCount) }
/// ```
public final class TrackStore: Sendable {
    /// Where Folio keeps tracks in a container.
    public static let defaultPath = "Library/Database/tracks.db"

    let queue: DatabaseQueue
    /// What people call it: its path.
    public let name: String

    /// Opens (creating it if needed) the store at `path` in `container`.
    ///
    /// - Throws: ``LocationError`` `.storageFailed` when it cannot be opened or migrated.
    public convenience init(_ path: SandboxPath, in container: Container) throws(LocationError) {
        try self.init(name: path.description) { configuration throws(DatabaseError) in
            try DatabaseQueue(path, in: container, configuration: configuration)
        }
    }

    /// Opens (creating it if needed) the store file at `path` anywhere in the file system.
    public convenience init(path: String) throws(LocationError) {
        try self.init(name: path) { configuration throws(DatabaseError) in
            try DatabaseQueue(path: path, configuration: configuration)
        }
    }

    private init(name: String, open: (Configuration) throws(DatabaseError) -> DatabaseQueue) throws(LocationError) {
        self.name = name
        var configuration = Configuration()
        configuration.prepareDatabase = { db in
            try db.createDistanceFunction()
            try db.execute("PRAGMA synchronous = NORMAL")
        }
        do {
            queue = try open(configuration)
            _ = try queue.inDatabase { db in try Self.migrator.migrate(db) }
        } catch {
            throw LocationError(.storageFailed, operation: "open track store", subject: name, reason: "\(error)")
        }
    }

    /// Every track, oldest first.
    public func tracks() throws(LocationError) -> [Track] {
        try read("list tracks", subject: name) { db in
            try db.fetchAll(TrackRow.self, "SELECT \(TrackRow.columns) FROM tracks ORDER BY created, id").map(\.track)
        }
    }

    /// The track named `name`.
    ///
    /// - Throws: ``LocationError`` `.notFound` when there is none.
    public func track(named name: String) throws(LocationError) -> Track {
        let row = try read("find track", subject: name) { db in
            try db.fetchOne(TrackRow.self, "SELECT \(TrackRow.columns) FROM tracks WHERE name = ?", name)
        }
        guard let row else {
            throw LocationError(
                .notFound, operation: "find track", subject: name, reason: "there is no track of that name")
        }
        return row.track
    }

    /// The track whose ``Track/id`` is `id`.
    ///
    /// - Throws: ``LocationError`` `.notFound` when there is none.
    public func track(id: Int64) throws(LocationError) -> Track {
        let row = try read("find track", subject: "#\(id)") { db in
            try db.fetchOne(TrackRow.self, "SELECT \(TrackRow.columns) FROM tracks WHERE id = ?", id)
        }
        guard let row else {
            throw LocationError(
                .notFound, operation: "find track", subject: "#\(id)", reason: "there is no track with that number")
        }
        return row.track
    }

    /// A new, empty track of `kind` (a recorded track by default).
    ///
    /// - Throws: ``LocationError`` `.alreadyExists` when the name is taken, `.invalidArgument`
    ///   for an empty name, one with control characters, or one over 200 characters.
    public func createTrack(named name: String, source: String?, kind: TrackKind = .track) throws(LocationError)
        -> Track
    {
        try Self.validate(name)
        do {
            return try queue.write { db in
                try db.execute(
                    "INSERT INTO tracks (name, created, source, kind) VALUES (?, ?, ?, ?)", name,
                    LocationTime.now().nanosecondsSince1970, source, kind.rawValue)
                guard
                    let row = try db.fetchOne(
                        TrackRow.self, "SELECT \(TrackRow.columns) FROM tracks WHERE name = ?", name)
                else {
                    throw DatabaseError(.error, message: "the new track vanished", operation: "create track")
                }
                return row.track
            }
        } catch let error as DatabaseError where error.code == .constraint {
            throw LocationError(
                .alreadyExists, operation: "create track", subject: name, reason: "a track of that name already exists")
        } catch {
            throw LocationError(.storageFailed, operation: "create track", subject: name, reason: "\(error)")
        }
    }

    /// Adds a movement at the end of `track` (in a new segment when `newSegment`), committed at once.
    ///
    /// - Throws: ``LocationError`` `.invalidCoordinate` for an invalid position, `.notFound`
    ///   when the track is gone.
    public func append(_ location: Location, to track: Track, newSegment: Bool = false) throws(LocationError) {
        try append(TrackPoint(location), to: track, newSegment: newSegment)
    }

    /// Adds a point at the end of `track` (in a new segment when `newSegment`), committed at once.
    ///
    /// - Throws: ``LocationError`` `.invalidCoordinate` for an invalid position, `.notFound`
    ///   when the track is gone.
    public func append(_ point: TrackPoint, to track: Track, newSegment: Bool = false) throws(LocationError) {
        try write("record movement", subject: track.name) { db in
            try Self.append(point, to: track.id, newSegment: newSegment, in: db)
        }
    }

    /// Deletes the track named `name` and its movements.
    public func deleteTrack(named name: String) throws(LocationError) {
        let track = try track(named: name)
        try write("delete track", subject: name) { db in
            try db.execute("DELETE FROM tracks WHERE id = ?", track.id)
        }
    }

    /// The points of `track`, segment by segment, in order.
    ///
    /// - Complexity: O(n) time and memory in its points; use ``forEachPoint(of:_:)`` to stream.
    public func segments(of track: Track) throws(LocationError) -> [[TrackPoint]] {
        var segments: [[TrackPoint]] = []
        var current: Int?
        try forEachPoint(of: track) { segment, point in
            if segment != current {
                segments.append([])
                current = segment
            }
            segments[segments.count - 1].append(point)
        }
        return segments
    }

    /// Calls `body` with each point of `track` and its segment number (from 0), in order,
    /// without loading the track.
    public func forEachPoint(of track: Track, _ body: (Int, TrackPoint) throws -> Void) throws(LocationError) {
        try read("read track", subject: track.name) { db in
            let query = try db.prepare(
                """
                SELECT segment, latitude, longitude, altitude, horizontal_accuracy, vertical_accuracy, speed, course,
                    time, name FROM points WHERE track = ? ORDER BY sequence
                """)
            try query.bind(track.id)
            try query.forEachRow { row in
                let time: Int64? = try row.value(at: 8)
                let point = TrackPoint(
                    coordinate: Coordinate(latitude: try row.value(at: 1), longitude: try row.value(at: 2)),
                    altitude: try row.value(at: 3), horizontalAccuracy: try row.value(at: 4),
                    verticalAccuracy: try row.value(at: 5), speed: try row.value(at: 6), course: try row.value(at: 7),
                    time: time.map(LocationTime.init(nanosecondsSince1970:)), name: try row.value(at: 9))
                try body(try row.value(at: 0), point)
            }
        }
    }

    // MARK: - Internals

    static func validate(_ name: String) throws(LocationError) {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, trimmed == name else {
            throw LocationError(
                .invalidArgument, operation: "name track", subject: "\"\(name)\"",
                reason: "a track name is not empty and has no leading or trailing spaces")
        }
        guard name.count <= 200, !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else {
            throw LocationError(
                .invalidArgument, operation: "name track", subject: "\"\(name.prefix(40))\"",
                reason: "a track name has at most 200 characters and no control characters")
        }
    }

    /// Inserts a point and updates the track's summary, inside the caller's transaction.
    static func append(_ point: TrackPoint, to track: Int64, newSegment: Bool, in db: Database) throws {
        guard point.coordinate.isValid else {
            throw LocationError(
                .invalidCoordinate, operation: "record movement", subject: point.coordinate.description,
                reason: "a movement needs a latitude in -90…90 and a longitude in -180…180")
        }
        guard
            let summary = try db.fetchOne(
                SummaryRow.self,
                """
                SELECT t.point_count AS count, t.segment_count AS segments, p.segment AS segment,
                    p.latitude AS latitude, p.longitude AS longitude
                FROM tracks t LEFT JOIN points p ON p.track = t.id AND p.sequence = t.point_count - 1
                WHERE t.id = ?
                """, track)
        else {
            throw LocationError(
                .notFound, operation: "record movement", subject: "track \(track)", reason: "the track is gone")
        }
        let startsSegment = newSegment || summary.segment == nil
        let segment = startsSegment ? summary.segments : (summary.segment ?? 0)
        var step = 0.0
        if !startsSegment, let latitude = summary.latitude, let longitude = summary.longitude {
            step = Geodesics.distance(latitude, longitude, point.coordinate.latitude, point.coordinate.longitude)
        }
        let insert = try db.cachedStatement(
            """
            INSERT INTO points (track, sequence, segment, latitude, longitude, altitude, horizontal_accuracy,
                vertical_accuracy, speed, course, time, name) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        let time = point.time?.nanosecondsSince1970
        try insert.execute(
            arguments: [
                track, summary.count, segment, point.coordinate.latitude, point.coordinate.longitude, point.altitude,
                point.horizontalAccuracy, point.altitude == nil ? nil : point.verticalAccuracy, point.speed,
                point.course, time, point.name,
            ])
        let update = try db.cachedStatement(
            """
            UPDATE tracks SET point_count = point_count + 1, segment_count = ?, distance = distance + ?,
                start_time = coalesce(start_time, ?), end_time = coalesce(?, end_time),
                timed_count = timed_count + (? IS NOT NULL) WHERE id = ?
            """)
        try update.execute(startsSegment ? summary.segments + 1 : summary.segments, step, time, time, time, track)
    }

    func read<Value>(_ operation: String, subject: String, _ body: (Database) throws -> Value) throws(LocationError)
        -> Value
    {
        try queue.locationRead(operation, subject: subject, body)
    }

    @discardableResult
    func write<Value>(_ operation: String, subject: String, _ body: (Database) throws -> Value) throws(LocationError)
        -> Value
    {
        try queue.locationWrite(operation, subject: subject, body)
    }
}

/// A row of the `tracks` table.
struct TrackRow: Decodable {
    static let columns = """
        id, name, created, source, kind, point_count AS pointCount, timed_count AS timedCount,
            segment_count AS segmentCount, start_time AS startTime, end_time AS endTime, distance
        """

    var id: Int64
    var name: String
    var created: Int64
    var source: String?
    var kind: String
    var pointCount: Int
    var timedCount: Int
    var segmentCount: Int
    var startTime: Int64?
    var endTime: Int64?
    var distance: Double

    var track: Track {
        Track(
            id: id, name: name, created: LocationTime(nanosecondsSince1970: created), source: source,
            kind: TrackKind(rawValue: kind) ?? .track, pointCount: pointCount, timedPointCount: timedCount,
            segmentCount: segmentCount,
            start: startTime.map(LocationTime.init(nanosecondsSince1970:)),
            end: endTime.map(LocationTime.init(nanosecondsSince1970:)), distance: distance)
    }
}

private struct SummaryRow: Decodable {
    var count: Int
    var segments: Int
    var segment: Int?
    var latitude: Double?
    var longitude: Double?
}
