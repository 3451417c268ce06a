/// `folio settings`: what the user configures, kept in `Library/Preferences`.
enum SettingsCommand {
    static let command = Command(
        group: "settings",
        summary: "configure Folio: the map's tile server and the geocoding service",
        subcommands: [SettingsTilesCommand.command, SettingsGeocoderCommand.command],
        discussion: "Settings are kept in Library/Preferences of the Home.")
}
