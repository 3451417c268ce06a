import FolioLocation

/// `folio geo track rename OLD NEW`: give a track another name.
enum GeoTrackRenameCommand {
    static let name = Argument("OLD")
    static let newName = Argument("NEW")

    static let command = Command(
        "rename",
        summary: "rename a track",
        parameters: [name, newName],
        discussion: """
            NEW follows the rules of a new track's name (not empty, no leading or trailing spaces, no
            control characters, at most 200 characters) and must be free.
            Example: folio geo track rename "White House to the Pentagon" "Lunch walk"
            """
    ) { arguments, context in
        let track = try GeoStores.tracks(context).renameTrack(named: arguments[name], to: arguments[newName])
        if context.wantsJSON {
            try context.printJSON(TrackReport(track))
        } else {
            context.output.line("Renamed to " + TrackReport.summary(of: track))
        }
    }
}
