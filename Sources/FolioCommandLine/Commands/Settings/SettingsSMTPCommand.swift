import FolioFiles
import FolioMail
import FolioSandbox

/// `folio settings smtp URL [--from ADDRESS] [--credentials FILE]`: the server "Send PDF via
/// email" goes through.
enum SettingsSMTPCommand {
    static let url = Argument("URL")
    static let from = Option("--from", valueName: "ADDRESS", help: "the sender of every message")
    static let credentials = Option(
        "--credentials", valueName: "FILE", help: "a file in the Home, mode 600, holding the login as USER:PASSWORD")

    static let command = Command(
        "smtp",
        summary: "set the SMTP server mail is sent through (smtp://HOST:587 with STARTTLS, or smtps://)",
        parameters: [url, from, credentials],
        discussion: """
            smtp:// to another machine is only used with STARTTLS; smtps:// is TLS from the start.
            The login is never put in the URL or in the settings: it is read when mail is sent, from
            FOLIO_SMTP_USER and FOLIO_SMTP_PASSWORD, else from --credentials FILE, which only its
            owner may read. Kept in Library/Preferences/mail.json.
            Example: folio settings smtp smtp://mail.example.com:587 --from me@example.com --credentials Library/smtp-login
            """
    ) { arguments, context in
        let files = Files(try context.container())
        let sender = try arguments[from].map { text throws(MailError) in try MailAddress(text) }
        var file: String?
        if let given = arguments[credentials] {
            let path = try SandboxPath(argument: given)
            // Checked now, so a login others may read is refused before anything is kept.
            _ = try MailCredentials.fromFile(path, in: files)
            file = path.description
        }
        let settings = try MailSettings(server: arguments[url], from: sender, credentialsFile: file)
        try settings.save(in: files)
        if context.wantsJSON {
            try context.printJSON(settings)
        } else {
            context.output.line("mail goes through \(settings.server)")
            context.output.line("  from: \(settings.from?.address ?? "(not set: give --from ADDRESS)")")
            context.output.line(
                "  login: "
                    + (settings.credentialsFile.map { "from \($0)" }
                        ?? "from FOLIO_SMTP_USER and FOLIO_SMTP_PASSWORD, if set"))
        }
    }
}
