import FolioArchive
import FolioCore
import FolioFiles
import FolioSandbox
import Foundation

/// The SMTP server mail goes through, kept in `Library/Preferences/mail.json`: its URL, the
/// sender, and where the login is read from. The login itself is never stored here.
///
/// `smtp://host:587` sends with STARTTLS, required unless the host is this machine (`127.0.0.1`,
/// `::1`, `localhost`), where plain SMTP is allowed; `smtps://host:465` is TLS from the start.
/// A URL with a user or password in it is refused: the login comes from a file only its owner
/// may read, or from `FOLIO_SMTP_USER` and `FOLIO_SMTP_PASSWORD`.
///
/// ```swift
/// let settings = try MailSettings(server: "smtp://mail.example.com:587", from: "me@example.com")
/// try settings.save(in: Files(container))
/// ```
public struct MailSettings: Sendable, Hashable, Codable, Archivable {
    /// The stored type name.
    public static let archiveTypeName = "MailSettings"

    /// The server, `smtp://HOST[:PORT]` or `smtps://HOST[:PORT]`.
    public var server: String
    /// The sender of every message, if set.
    public var from: MailAddress?
    /// The file in the Home holding the login as `USER:PASSWORD`, if any.
    public var credentialsFile: String?

    /// Settings for `server`, checked.
    /// - Throws: ``MailError`` `.invalidServer` for a URL that is not `smtp://` or `smtps://`
    ///   with a host, or that has a user, password, path, query or fragment in it.
    public init(server: String, from: MailAddress? = nil, credentialsFile: String? = nil) throws(MailError) {
        try MailSettings.checkServer(server)
        self.server = server
        self.from = from
        self.credentialsFile = credentialsFile
    }

    /// Decodes settings and checks them as ``init(server:from:credentialsFile:)`` does, so a
    /// settings file edited by hand cannot name another kind of server.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try self.init(
            server: container.decode(String.self, forKey: .server),
            from: container.decodeIfPresent(MailAddress.self, forKey: .from),
            credentialsFile: container.decodeIfPresent(String.self, forKey: .credentialsFile))
    }

    /// Whether the server is reached with TLS from the start (`smtps://`).
    public var isImplicitTLS: Bool { server.lowercased().hasPrefix("smtps://") }

    /// The server's host name.
    public var host: String { URLComponents(string: server)?.host ?? "" }

    /// Whether the server is on this machine, where plain SMTP never crosses a network.
    public var isLoopback: Bool {
        ["127.0.0.1", "::1", "[::1]", "localhost"].contains(host.lowercased())
    }

    static func checkServer(_ server: String) throws(MailError) {
        func refuse(_ reason: String) -> MailError {
            MailError(.invalidServer, operation: "configure", subject: redacted(server), reason: reason)
        }
        guard let url = URLComponents(string: server), let scheme = url.scheme?.lowercased(),
            ["smtp", "smtps"].contains(scheme)
        else {
            throw refuse("the server is an smtp:// or smtps:// URL, e.g. smtp://mail.example.com:587")
        }
        guard let host = url.host, !host.isEmpty else { throw refuse("the URL names no host") }
        guard url.user == nil, url.password == nil else {
            throw refuse(
                "a login is not put in the URL: give --credentials FILE, or set FOLIO_SMTP_USER and FOLIO_SMTP_PASSWORD"
            )
        }
        guard url.path.isEmpty || url.path == "/", url.query == nil, url.fragment == nil else {
            throw refuse("the URL is smtp://HOST[:PORT], without a path or query")
        }
        guard !server.unicodeScalars.contains(where: { $0.properties.generalCategory == .control || $0 == " " })
        else {
            throw refuse("the URL has no spaces or control characters")
        }
    }

    /// `server` fit to show: without a login that was put in it.
    static func redacted(_ server: String) -> String {
        guard var url = URLComponents(string: server), url.user != nil || url.password != nil else {
            return UntrustedText.escaped(server)
        }
        url.user = nil
        url.password = nil
        return UntrustedText.escaped(url.string ?? "the server")
    }

    /// The settings file, `Library/Preferences/mail.json`.
    public static func path() throws(FileError) -> SandboxPath {
        try SandboxPath(.library, ["Preferences", "mail.json"])
    }

    /// The settings saved in the Home of `files`, or nil when none were saved.
    /// - Throws: ``MailError`` wrapping an ``ArchiveError`` for a damaged file.
    public static func load(from files: Files) throws(MailError) -> MailSettings? {
        do {
            return try Archiver().unarchive(MailSettings.self, from: path(), in: files)
        } catch let error as ArchiveError where error.code.rawValue == FileError.Code.notFound.rawValue {
            return nil
        } catch let error as ArchiveError {
            throw MailError(
                MailError.Code(error.code.rawValue), operation: "read settings", subject: error.subject,
                reason: error.reason, underlying: error)
        } catch {
            throw MailError(.notConfigured, operation: "read settings", subject: "mail.json", reason: "\(error)")
        }
    }

    /// Saves the settings atomically (a private file, 0600).
    /// - Throws: ``MailError`` wrapping the file failure.
    public func save(in files: Files) throws(MailError) {
        do {
            try files.createDirectory(at: SandboxPath(.library, ["Preferences"]), withIntermediateDirectories: true)
            try Archiver(format: .json).archive(self, to: MailSettings.path(), in: files)
        } catch let error as ArchiveError {
            throw MailError(
                MailError.Code(error.code.rawValue), operation: "save settings", subject: error.subject,
                reason: error.reason, underlying: error)
        } catch let error as FileError {
            throw MailError(
                MailError.Code(error.code.rawValue), operation: "save settings", subject: error.subject,
                reason: error.reason, underlying: error)
        } catch {
            throw MailError(.notConfigured, operation: "save settings", subject: "mail.json", reason: "\(error)")
        }
    }
}
