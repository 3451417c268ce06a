import FolioCore

/// The error of every FolioMail operation: which operation, on which address or server, why.
///
/// The ``description`` reads
/// `send failed for smtp://127.0.0.1:2525: the server refused bob@example.com: 550 No such user (refused)`.
/// When the server answered, ``reason`` carries what it said.
public struct MailError: FolioError, Hashable {
    /// What went wrong, as a stable identifier a program can match on.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The identifier, e.g. `"refused"`.
        public let rawValue: String

        /// Makes a code; the static members are the ones FolioMail uses.
        public init(_ rawValue: String) {
            self.rawValue = rawValue
        }

        public var description: String { rawValue }

        /// An address that is not one (empty, no `@`, a line break or a space in it).
        public static let invalidAddress = Code("invalidAddress")
        /// A header's text that cannot be sent (a line break in a subject: header injection).
        public static let invalidHeader = Code("invalidHeader")
        /// A server address that is not an `smtp://` or `smtps://` URL, or one with credentials in it.
        public static let invalidServer = Code("invalidServer")
        /// No SMTP server is configured, or no sender.
        public static let notConfigured = Code("notConfigured")
        /// A credentials file that others may read, or that is not `USER:PASSWORD`.
        public static let insecureCredentials = Code("insecureCredentials")
        /// The server could not be reached (refused connection, unknown host, TLS failure, timeout).
        public static let unreachable = Code("unreachable")
        /// The server refused the mail, a recipient or the login: ``reason`` says what it said.
        public static let refused = Code("refused")
    }

    /// What went wrong.
    public var code: Code
    /// The operation that failed, e.g. `"send"`.
    public var operation: String
    /// The address, the server, the file.
    public var subject: String
    /// Why, in a sentence a person can read.
    public var reason: String
    /// The failure behind this one (a file that could not be read, …).
    public var underlying: (any FolioError)?

    /// An error with these properties.
    public init(
        _ code: Code, operation: String, subject: String, reason: String, underlying: (any FolioError)? = nil
    ) {
        self.code = code
        self.operation = operation
        self.subject = subject
        self.reason = reason
        self.underlying = underlying
    }
}
