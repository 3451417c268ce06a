/// `folio settings`: what the user configures, kept in `Library/Preferences`.
enum SettingsCommand {
    static let command = Command(
        group: "settings",
        summary: "configure Folio: the map's tile server",
        subcommands: [SettingsTilesCommand.command],
        discussion: "Settings are kept in Library/Preferences of the Home.")
}
