/// `folio settings`: what the user configures, kept in `Library/Preferences`.
enum SettingsCommand {
    static let command = Command(
        group: "settings",
        summary: "configure Folio: map tiles, the geocoding service, the SMTP server for mail",
        subcommands: [SettingsTilesCommand.command, SettingsGeocoderCommand.command, SettingsSMTPCommand.command],
        discussion: "Settings are kept in Library/Preferences of the Home.")
}
