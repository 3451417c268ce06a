import FolioLocation
import Foundation

/// `folio geo track list`: the recorded tracks.
enum GeoTrackListCommand {
    static let command = Command(
        "list",
        summary: "list the recorded tracks"
    ) { _, context in
        let tracks = try GeoStores.tracks(context).tracks()
        if context.wantsJSON {
            try context.printJSON(tracks.map(TrackReport.init))
            return
        }
        if tracks.isEmpty {
            context.output.line("No tracks. Record one (folio geo track record NAME) or import a GPX file.")
            return
        }
        var table = TextTable(
            alignments: [.left, .left, .right, .right, .left, .left],
            header: ["NAME", "KIND", "MOVEMENTS", "LENGTH", "START", "END"])
        for track in tracks {
            let unknown = track.hasUnknownTimes ? "unknown" : "-"
            table.append([
                track.name, track.kind.rawValue, String(track.pointCount), Distance(meters: track.distance).description,
                track.start?.description ?? unknown, track.end?.description ?? unknown,
            ])
        }
        context.output.write(table.render())
    }
}

/// A track as `--json` prints it.
struct TrackReport: Encodable {
    var id: Int64
    var name: String
    var created: String
    var source: String?
    /// `track`, `route` or `waypoints`.
    var kind: String
    var movements: Int
    /// How many movements have a time (none: the track's times are unknown).
    var timedMovements: Int
    var segments: Int
    var start: String?
    var end: String?
    var meters: Double

    init(_ track: Track) {
        id = track.id
        name = track.name
        created = track.created.description
        source = track.source
        kind = track.kind.rawValue
        movements = track.pointCount
        timedMovements = track.timedPointCount
        segments = track.segmentCount
        start = track.start?.description
        end = track.end?.description
        meters = track.distance
    }
}

extension TrackReport {
    /// One line for people: `Walk: 12 movements in 1 segment, 1.2 km`, with what the track is
    /// when it is not a recording and whether its times are unknown.
    static func summary(of track: Track) -> String {
        var text = track.name
        switch track.kind {
        case .track:
            let movements = "\(track.pointCount) movement\(track.pointCount == 1 ? "" : "s")"
            let segments = "\(track.segmentCount) segment\(track.segmentCount == 1 ? "" : "s")"
            text += ": \(movements) in \(segments), \(Distance(meters: track.distance))"
        case .route:
            text +=
                " (route): \(track.pointCount) point\(track.pointCount == 1 ? "" : "s"), \(Distance(meters: track.distance))"
        case .waypoints:
            text += " (waypoints): \(track.pointCount) waypoint\(track.pointCount == 1 ? "" : "s")"
        }
        if track.hasUnknownTimes {
            text += ", times unknown"
        } else if track.timedPointCount < track.pointCount {
            text += ", \(track.pointCount - track.timedPointCount) without a time"
        }
        return text
    }
}
