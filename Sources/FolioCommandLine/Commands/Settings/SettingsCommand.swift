/// `folio settings`: what Folio is configured with, kept in `Library/Preferences`.
enum SettingsCommand {
    static let command = Command(
        group: "settings",
        summary: "configure Folio: the SMTP server mail is sent through",
        subcommands: [SettingsSMTPCommand.command],
        discussion: "Settings are kept in Library/Preferences of the Home.")
}
