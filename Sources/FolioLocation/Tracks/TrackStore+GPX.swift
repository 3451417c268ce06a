import FolioDatabase
import Foundation

extension TrackStore {
    /// Imports everything of a GPX file, streaming it: one stored track per `<trk>` with its
    /// segments kept (empty ones hold nothing and are left out), one per `<rte>` (a
    /// ``TrackKind/route``), and the file's waypoints together as one more (``TrackKind/waypoints``).
    /// Points keep what the file gives, times included when there are any. All of it is imported,
    /// or nothing (one transaction).
    ///
    /// - Parameter name: the name of the (first) track or route; the GPX track's or route's own
    ///   name otherwise, and failing that the input's file name (` route` after it for a route).
    ///   Later ones of the same name get ` 2`, ` 3`, … after it; the waypoints are
    ///   `NAME waypoints`, with NAME the given name or the file's.
    /// - Returns: the tracks created, in the file's order.
    /// - Throws: ``LocationError``: the reader's errors (with the line), `.empty` for a file
    ///   without any point, `.alreadyExists` for a given name that is taken.
    public func importGPX(_ input: DataInput, name: String? = nil) throws(LocationError) -> [Track] {
        if let name { try Self.validate(name) }
        let reader = try GPXReader(input)
        let fileName =
            Self.usableName(
                String(input.name.split(separator: "/").last ?? "track").replacingOccurrences(
                    of: ".gpx", with: "", options: [.caseInsensitive, .anchored, .backwards])) ?? "track"
        let source = input.name
        let created = try write("import GPX", subject: input.name) { db -> [String] in
            var names: [String] = []
            var used: [String: Int] = [:]
            func create(_ kind: TrackKind, _ base: String, isExplicit: Bool) throws -> Int64 {
                let chosen = try Self.freeName(base, isExplicit: isExplicit, used: &used, in: db)
                try db.execute(
                    "INSERT INTO tracks (name, created, source, kind) VALUES (?, ?, ?, ?)", chosen,
                    LocationTime.now().nanosecondsSince1970, source, kind.rawValue)
                names.append(chosen)
                guard let id = try db.fetchValue(Int64.self, "SELECT last_insert_rowid()") else {
                    throw DatabaseError(.error, message: "the new track has no number", operation: "import GPX")
                }
                return id
            }
            var waypoints: Int64?
            var current: Int64?
            var pending: (kind: TrackKind, base: String, isExplicit: Bool)?
            var newSegment = true
            var points = 0
            while let item = try reader.next() {
                switch item {
                case .waypoint(let point):
                    let id = try waypoints ?? create(.waypoints, "\(name ?? fileName) waypoints", isExplicit: false)
                    waypoints = id
                    try Self.append(point, to: id, newSegment: true, in: db)
                    points += 1
                case .track(let trackName):
                    current = nil
                    pending = (.track, name ?? Self.usableName(trackName) ?? fileName, name != nil)
                case .route(let routeName):
                    current = nil
                    pending = (.route, name ?? Self.usableName(routeName) ?? "\(fileName) route", name != nil)
                case .segment:
                    newSegment = true
                case .point(let point):
                    if current == nil, let open = pending {
                        current = try create(open.kind, open.base, isExplicit: open.isExplicit)
                        pending = nil
                        newSegment = true
                    }
                    guard let id = current else { continue }
                    try Self.append(point, to: id, newSegment: newSegment, in: db)
                    newSegment = false
                    points += 1
                }
            }
            guard points > 0 else {
                throw LocationError(
                    .empty, operation: "import GPX", subject: input.name,
                    reason: "the file has no points (no waypoint, and its routes and tracks are empty)")
            }
            return names
        }
        var tracks: [Track] = []
        for name in created { tracks.append(try track(named: name)) }
        return tracks
    }

    /// `base` if it is free; otherwise, unless it was given explicitly, `base 2`, `base 3`, …;
    /// `used` counts the names this import has taken from each base.
    private static func freeName(_ base: String, isExplicit: Bool, used: inout [String: Int], in db: Database) throws
        -> String
    {
        let previous = used[base, default: 0]
        var number = previous + 1
        while true {
            let candidate = number == 1 ? base : "\(base) \(number)"
            try validate(candidate)
            let taken = try db.fetchValue(Int.self, "SELECT count(*) FROM tracks WHERE name = ?", candidate) ?? 0
            if taken == 0 {
                used[base] = number
                return candidate
            }
            guard !isExplicit || previous > 0 else {
                throw LocationError(
                    .alreadyExists, operation: "import GPX", subject: candidate,
                    reason: "a track of that name already exists; choose another name")
            }
            number += 1
        }
    }

    /// A name from a file made fit for a track: control characters become spaces, runs of spaces
    /// one, at most 180 characters; nil when nothing is left.
    static func usableName(_ text: String?) -> String? {
        guard let text else { return nil }
        var name = ""
        for scalar in text.unicodeScalars {
            let isSpace = scalar.properties.isWhitespace || scalar.properties.generalCategory == .control
            if isSpace {
                if !name.isEmpty, name.last != " " { name += " " }
            } else {
                name.unicodeScalars.append(scalar)
            }
        }
        while name.last == " " { name.removeLast() }
        name = String(name.prefix(180))
        while name.last == " " { name.removeLast() }
        return name.isEmpty ? nil : name
    }

    /// Writes `track` as a GPX 1.1 document, streaming its points to `sink`: a recorded or
    /// imported track as `<trk>` with its segments, a route as `<rte>`, waypoints as `<wpt>`s.
    ///
    /// - Throws: ``LocationError``, or what `sink` throws.
    public func exportGPX(_ track: Track, creator: String = "Folio", to sink: @escaping ([UInt8]) throws -> Void)
        throws
    {
        let writer = GPXWriter(creator: creator, name: track.name, sink: sink)
        switch track.kind {
        case .track: try writer.beginTrack(name: track.name)
        case .route: try writer.beginRoute(name: track.name)
        case .waypoints: break
        }
        var current: Int?
        var failure: (any Error)?
        do {
            try forEachPoint(of: track) { segment, point in
                do {
                    switch track.kind {
                    case .waypoints: try writer.writeWaypoint(point)
                    case .route: try writer.write(point)
                    case .track:
                        if segment != current {
                            try writer.beginSegment()
                            current = segment
                        }
                        try writer.write(point)
                    }
                } catch {
                    failure = error
                    throw error
                }
            }
        } catch {
            throw failure ?? error  // the sink's own error, not the store's wrapping of it
        }
        try writer.finish()
    }
}
