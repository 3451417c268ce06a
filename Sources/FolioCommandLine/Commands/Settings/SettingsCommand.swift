/// `folio settings`: what the user configures, kept in `Library/Preferences`.
enum SettingsCommand {
    static let command = Command(
        group: "settings",
        summary: "configure Folio: the map's tile server, the geocoding service and the SMTP server mail is sent through",
        subcommands: [SettingsTilesCommand.command, SettingsGeocoderCommand.command, SettingsSMTPCommand.command],
        discussion: "Settings are kept in Library/Preferences of the Home.")
}
