/// `folio geo track`: record movements, list them, show each with its time, export and import GPX,
/// rename and delete.
enum GeoTrackCommand {
    static let command = Command(
        group: "track",
        summary: "record, list, show, export, import, rename and delete tracks",
        subcommands: [
            GeoTrackRecordCommand.command, GeoTrackListCommand.command, GeoTrackShowCommand.command,
            GeoTrackExportCommand.command, GeoTrackImportCommand.command, GeoTrackRenameCommand.command,
            GeoTrackDeleteCommand.command,
        ],
        discussion: "Tracks are kept in Library/Database/tracks.db; FILE arguments are paths in the Home.")
}
