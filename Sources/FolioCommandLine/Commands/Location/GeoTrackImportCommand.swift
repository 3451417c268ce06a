import FolioFiles
import FolioLocation
import FolioSandbox

/// `folio geo track import FILE`: store the tracks of a GPX file in the Home.
enum GeoTrackImportCommand {
    static let file = Argument("FILE")
    static let name = Option(
        "--name", valueName: "NAME", help: "the track's name (default: the GPX track's or route's, else the file's)")

    static let command = Command(
        "import",
        summary: "import the tracks, routes and waypoints of a GPX file in the Home",
        parameters: [file, name],
        discussion: """
            The file is streamed and imported whole or not at all: a point out of range or a value that
            is not a number or a time names its line and nothing is stored. Each <trk> becomes a track
            with its segments, each <rte> a track of kind route, and the waypoints one of kind waypoints
            (NAME waypoints). Points keep what the file gives; without times, a track still has its
            path, length and map. Example: folio geo track import Documents/walk.gpx
            """
    ) { arguments, context in
        let file = arguments[Self.file]
        let path = try SandboxPath(argument: file)
        let store = try GeoStores.tracks(context)
        let tracks = try store.importGPX(
            .file(path, in: Files(try context.container())), name: arguments[name])
        if context.wantsJSON {
            try context.printJSON(tracks.map(TrackReport.init))
            return
        }
        for track in tracks {
            context.output.line("imported " + TrackReport.summary(of: track))
        }
    }
}
