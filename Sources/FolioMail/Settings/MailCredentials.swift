import FolioCore
import FolioFiles
import FolioSandbox
import Foundation

/// The login for the SMTP server: from `FOLIO_SMTP_USER` and `FOLIO_SMTP_PASSWORD`, or from a
/// file in the Home that only its owner may read (mode 0600 or 0400) holding `USER:PASSWORD`
/// on its first line.
///
/// The password is never part of a description, an error or JSON: ``description`` names the
/// user and where the login came from.
public struct MailCredentials: Sendable, Hashable, CustomStringConvertible {
    /// The user name.
    public let user: String
    /// The password.
    let password: String
    /// Where the login came from: `the environment` or the file's path.
    public let source: String

    /// A login.
    public init(user: String, password: String, source: String) {
        self.user = user
        self.password = password
        self.source = source
    }

    public var description: String { "\(user) (from \(source))" }

    /// The environment variable with the user name.
    public static let userVariable = "FOLIO_SMTP_USER"
    /// The environment variable with the password.
    public static let passwordVariable = "FOLIO_SMTP_PASSWORD"

    /// The login from `environment` when both variables are set, nil when neither is.
    /// - Throws: ``MailError`` `.insecureCredentials` when only one is set.
    public static func fromEnvironment(_ environment: [String: String]) throws(MailError) -> MailCredentials? {
        let user = environment[userVariable].flatMap { $0.isEmpty ? nil : $0 }
        let password = environment[passwordVariable].flatMap { $0.isEmpty ? nil : $0 }
        switch (user, password) {
        case (nil, nil): return nil
        case (let user?, let password?):
            try checkLine(user, subject: userVariable)
            try checkLine(password, subject: passwordVariable)
            return MailCredentials(user: user, password: password, source: "the environment")
        default:
            throw MailError(
                .insecureCredentials, operation: "read login", subject: "the environment",
                reason: "set both \(userVariable) and \(passwordVariable), or neither")
        }
    }

    /// The login in the file at `path`.
    /// - Throws: ``MailError`` `.insecureCredentials` for a file that its group or others may
    ///   read or write, that is not a regular file, or whose first line is not `USER:PASSWORD`;
    ///   the file failure's code (`notFound`, …) when it cannot be read.
    public static func fromFile(_ path: SandboxPath, in files: Files) throws(MailError) -> MailCredentials {
        let subject = path.description
        let contents: Data
        do {
            let attributes = try files.attributes(of: path)
            guard attributes.type == .regular else {
                throw MailError(
                    .insecureCredentials, operation: "read login", subject: subject,
                    reason: "the login is kept in a regular file, not a \(attributes.type.rawValue)")
            }
            // Only the owner can change a file's mode, so the mode checked is the mode read under.
            guard attributes.posixPermissions & 0o077 == 0 else {
                throw MailError(
                    .insecureCredentials, operation: "read login", subject: subject,
                    reason: "others may read it (mode \(String(attributes.posixPermissions & 0o777, radix: 8))): "
                        + "make it private with folio chattr \(subject) --mode 600")
            }
            contents = try files.contents(of: path, limit: 64 << 10)
        } catch let error as MailError {
            throw error
        } catch let error as FileError {
            throw MailError(
                MailError.Code(error.code.rawValue), operation: "read login", subject: subject, reason: error.reason,
                underlying: error)
        } catch {
            throw MailError(.insecureCredentials, operation: "read login", subject: subject, reason: "\(error)")
        }
        let text = String(decoding: contents, as: UTF8.self)
        let line =
            text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).first.map(String.init) ?? ""
        guard let colon = line.firstIndex(of: ":"), colon != line.startIndex, line.index(after: colon) != line.endIndex
        else {
            throw MailError(
                .insecureCredentials, operation: "read login", subject: subject,
                reason: "the first line is USER:PASSWORD")
        }
        let user = String(line[..<colon])
        let password = String(line[line.index(after: colon)...])
        try checkLine(user, subject: subject)
        try checkLine(password, subject: subject)
        return MailCredentials(user: user, password: password, source: subject)
    }

    private static func checkLine(_ text: String, subject: String) throws(MailError) {
        if text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw MailError(
                .insecureCredentials, operation: "read login", subject: subject,
                reason: "a user name or password has no control characters")
        }
    }
}
