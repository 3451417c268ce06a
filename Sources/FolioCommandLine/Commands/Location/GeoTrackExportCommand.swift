import FolioFiles
import FolioLocation
import FolioSandbox

/// `folio geo track export NAME FILE`: write a track as GPX 1.1 into the Home.
enum GeoTrackExportCommand {
    static let name = Argument("NAME")
    static let file = Argument("FILE")
    static let force = Flag("--force", help: "replace FILE if it exists")

    static let command = Command(
        "export",
        summary: "write a track as a GPX 1.1 file in the Home",
        parameters: [name, file, force],
        discussion: "Example: folio geo track export Walk Documents/walk.gpx"
    ) { arguments, context in
        let name = arguments[Self.name]
        let file = arguments[Self.file]
        let path = try SandboxPath(argument: file)
        let store = try GeoStores.tracks(context)
        let track = try store.track(named: name)
        let files = Files(try context.container())
        let options = arguments[force] ? WriteOptions() : WriteOptions.exclusive
        try files.write(to: path, options: options) { openFile in
            try store.exportGPX(track) { try openFile.write($0) }
        }
        if context.wantsJSON {
            try context.printJSON(ExportReport(track: track.name, path: path.description, movements: track.pointCount))
        } else {
            context.output.line("wrote \(track.pointCount) movements of \(track.name) to \(path)")
        }
    }

    struct ExportReport: Encodable {
        var track: String
        var path: String
        var movements: Int
    }
}
