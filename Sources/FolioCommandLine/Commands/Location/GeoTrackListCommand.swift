import FolioLocation
import Foundation

/// `folio geo track list`: the recorded tracks.
enum GeoTrackListCommand {
    static let command = Command(
        "list",
        summary: "list the recorded tracks",
        usage: "list"
    ) { arguments, context in
        try arguments.expectAtMost(0)
        let tracks = try GeoStores.tracks(context).tracks()
        if context.wantsJSON {
            try context.printJSON(tracks.map(TrackReport.init))
            return
        }
        var table = TextTable(
            alignments: [.left, .right, .right, .left, .left], header: ["NAME", "MOVEMENTS", "LENGTH", "START", "END"])
        for track in tracks {
            table.append([
                track.name, String(track.pointCount), Distance(meters: track.distance).description,
                track.start?.description ?? "-", track.end?.description ?? "-",
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
    var movements: Int
    var segments: Int
    var start: String?
    var end: String?
    var meters: Double

    init(_ track: Track) {
        id = track.id
        name = track.name
        created = track.created.description
        source = track.source
        movements = track.pointCount
        segments = track.segmentCount
        start = track.start?.description
        end = track.end?.description
        meters = track.distance
    }
}
