import FolioDatabase
import Foundation

extension TrackStore {
    /// Imports every track of a GPX file, streaming it: one stored track per `<trk>`, its
    /// segments kept. All of it is imported, or nothing (one transaction).
    ///
    /// - Parameter name: the name of the (first) track; the GPX track's own name otherwise, and
    ///   failing that the input's file name. Later tracks get ` 2`, ` 3`, … after it.
    /// - Returns: the tracks created.
    /// - Throws: ``LocationError``: the reader's errors (with the line), `.empty` for a file
    ///   without track points, `.alreadyExists` for a name that is taken.
    public func importGPX(_ input: DataInput, name: String? = nil) throws(LocationError) -> [Track] {
        let reader = try GPXReader(input)
        let fileName = String(input.name.split(separator: "/").last ?? "track").replacingOccurrences(
            of: ".gpx", with: "", options: [.caseInsensitive, .anchored, .backwards])
        let source = input.name
        let created = try write("import GPX", subject: input.name) { db -> [String] in
            var names: [String] = []
            var trackID: Int64?
            var newSegment = true
            var points = 0
            while let item = try reader.next() {
                switch item {
                case .track(let trackName):
                    let base = name ?? trackName ?? fileName
                    let chosen = try Self.freeName(base, isExplicit: name != nil, after: names.count, in: db)
                    try db.execute(
                        "INSERT INTO tracks (name, created, source) VALUES (?, ?, ?)", chosen,
                        LocationTime.now().nanosecondsSince1970, source)
                    trackID = try db.fetchValue(Int64.self, "SELECT last_insert_rowid()")
                    names.append(chosen)
                case .segment:
                    newSegment = true
                case .point(let location):
                    guard let trackID else { continue }
                    try Self.append(location, to: trackID, newSegment: newSegment, in: db)
                    newSegment = false
                    points += 1
                }
            }
            guard points > 0 else {
                throw LocationError(
                    .empty, operation: "import GPX", subject: input.name,
                    reason: "the file has no track points (its tracks or segments are empty)")
            }
            return names
        }
        var tracks: [Track] = []
        for name in created { tracks.append(try track(named: name)) }
        return tracks
    }

    /// `base` if it is free; otherwise, unless it was given explicitly, `base 2`, `base 3`, …
    private static func freeName(_ base: String, isExplicit: Bool, after count: Int, in db: Database) throws -> String {
        var number = count + 1
        var candidate = number == 1 ? base : "\(base) \(number)"
        while true {
            try validate(candidate)
            let taken = try db.fetchValue(Int.self, "SELECT count(*) FROM tracks WHERE name = ?", candidate) ?? 0
            if taken == 0 { return candidate }
            guard !isExplicit || count > 0 else {
                throw LocationError(
                    .alreadyExists, operation: "import GPX", subject: candidate,
                    reason: "a track of that name already exists; choose another name")
            }
            number += 1
            candidate = "\(base) \(number)"
        }
    }

    /// Writes `track` as a GPX 1.1 document, streaming its movements to `sink`.
    ///
    /// - Throws: ``LocationError``, or what `sink` throws.
    public func exportGPX(_ track: Track, creator: String = "Folio", to sink: @escaping ([UInt8]) throws -> Void)
        throws
    {
        let writer = GPXWriter(creator: creator, name: track.name, sink: sink)
        try writer.beginTrack(name: track.name)
        var current: Int?
        var failure: (any Error)?
        do {
            try forEachPoint(of: track) { segment, location in
                do {
                    if segment != current {
                        try writer.beginSegment()
                        current = segment
                    }
                    try writer.write(location)
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
