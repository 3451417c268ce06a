import FolioCore
import FolioFiles
import FolioSandbox
import Foundation

/// Sends messages through the configured SMTP server with libcurl.
///
/// `smtp://` to another machine requires STARTTLS (libcurl's `CURLUSESSL_ALL`): a server that
/// does not offer it gets nothing, the login least of all. To this machine (`127.0.0.1`,
/// `localhost`) STARTTLS is used when the server offers it. `smtps://` is TLS from the start.
/// One refused recipient fails the whole message, and the error says what the server said.
///
/// ```swift
/// let sender = try MailSender.configured(in: Files(container), environment: environment)
/// let receipt = try sender.send(message)
/// ```
public struct MailSender: Sendable {
    /// The server and the sender.
    public let settings: MailSettings
    /// The login, if the server needs one.
    public let credentials: MailCredentials?
    /// How long one delivery may take.
    public var timeLimit: Duration = .seconds(60)

    /// A sender through `settings`' server, logging in with `credentials`.
    public init(settings: MailSettings, credentials: MailCredentials? = nil) {
        self.settings = settings
        self.credentials = credentials
    }

    /// The sender the Home of `files` is configured with: its settings, and the login from
    /// `environment` (`FOLIO_SMTP_USER`, `FOLIO_SMTP_PASSWORD`) or the settings' credentials file.
    /// - Throws: ``MailError`` `.notConfigured`, saying how to configure a server, or what
    ///   reading the settings or the login throws.
    public static func configured(in files: Files, environment: [String: String]) throws(MailError) -> MailSender {
        guard let settings = try MailSettings.load(from: files) else {
            throw MailError(
                .notConfigured, operation: "send", subject: "mail",
                reason: "no SMTP server is configured: set one with "
                    + "folio settings smtp smtp://HOST:587 --from ADDRESS [--credentials FILE]")
        }
        var credentials = try MailCredentials.fromEnvironment(environment)
        if credentials == nil, let file = settings.credentialsFile {
            do {
                credentials = try MailCredentials.fromFile(SandboxPath(parsing: file), in: files)
            } catch let error as MailError {
                throw error
            } catch {
                throw MailError(.insecureCredentials, operation: "read login", subject: file, reason: "\(error)")
            }
        }
        return MailSender(settings: settings, credentials: credentials)
    }

    /// Sends `message` to its recipients.
    /// - Returns: what the server answered, with the recipients and the message's size.
    /// - Throws: ``MailError`` `.unreachable` when the server cannot be reached (or offers no
    ///   STARTTLS where it is required), `.refused` with the server's reply when it refuses the
    ///   login, the sender, a recipient or the message.
    public func send(_ message: MailMessage) throws(MailError) -> MailReceipt {
        let bytes = message.mime()
        let request = CurlSMTP.Request(
            url: settings.server, from: message.from.address, recipients: message.to.map(\.address), message: bytes,
            user: credentials?.user, password: credentials?.password,
            requiresTLS: !settings.isImplicitTLS && !settings.isLoopback,
            timeoutSeconds: Int(max(1, timeLimit.components.seconds)))
        do {
            let reply = try CurlSMTP.send(request)
            return MailReceipt(
                recipients: message.to.map(\.address), messageID: message.messageID, bytes: bytes.count,
                serverReply: reply.map { UntrustedText.escaped($0) })
        } catch {
            throw MailSender.error(for: error, server: settings.server, message: message)
        }
    }

    /// The error a user reads for a failed delivery.
    static func error(for failure: CurlSMTP.Failure, server: String, message: MailMessage) -> MailError {
        let said = failure.serverReply.map { UntrustedText.escaped($0) }
        let curl = UntrustedText.escaped(failure.message)
        // CURLE_LOGIN_DENIED
        if failure.curlCode == 67 {
            return MailError(
                .refused, operation: "send", subject: server,
                reason: "the server refused the login" + (said.map { ": \($0)" } ?? ""))
        }
        // CURLE_USE_SSL_FAILED
        if failure.curlCode == 64 {
            return MailError(
                .unreachable, operation: "send", subject: server,
                reason: "the server does not offer STARTTLS, and mail to another machine is only sent encrypted "
                    + "(use smtps:// or a server that offers STARTTLS)")
        }
        guard failure.serverAnswered, let said else {
            return MailError(
                .unreachable, operation: "send", subject: server, reason: "the server cannot be reached: \(curl)")
        }
        return MailError(.refused, operation: "send", subject: server, reason: "the server said: \(said)")
    }
}

/// What a server answered to a delivered message.
public struct MailReceipt: Sendable, Hashable, Codable {
    /// Who the message went to.
    public var recipients: [String]
    /// The message's `Message-ID`.
    public var messageID: String
    /// The message's size in bytes.
    public var bytes: Int
    /// The server's last reply (`250 OK`), if it sent one.
    public var serverReply: String?
}
