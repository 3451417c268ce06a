import FolioLocation

/// `folio geo track delete NAME [--yes]`: delete a track and its movements, for good.
enum GeoTrackDeleteCommand {
    static let name = Argument("NAME")
    static let yes = Flag("--yes", "-y", help: "delete without asking (needed without a terminal)")

    static let command = Command(
        "delete",
        summary: "delete a track and its movements, for good",
        parameters: [name, yes],
        discussion: """
            A track is not a document: there is no Recently Deleted for it. Export it first to keep a
            copy (folio geo track export NAME FILE). Example: folio geo track delete "Lunch walk" --yes
            """
    ) { arguments, context in
        let store = try GeoStores.tracks(context)
        let track = try store.track(named: arguments[name])
        if !arguments[yes] {
            let question =
                "This will delete the track \"\(track.name)\" and its \(track.pointCount) points for good. "
                + "Delete it? [y/N]"
            guard try context.confirm(question) else {
                context.output.line("Kept it.")
                return
            }
        }
        let deleted = try store.deleteTrack(id: track.id)
        if context.wantsJSON {
            try context.printJSON(TrackReport(deleted))
        } else {
            context.output.line("Deleted " + TrackReport.summary(of: deleted))
        }
    }
}
