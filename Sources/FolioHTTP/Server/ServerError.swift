import FolioCore

/// The error of starting and running an HTTP server: an address that cannot be used, or a resource
/// the application it serves is missing.
public struct ServerError: FolioError, Hashable {
    /// What went wrong.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The identifier, e.g. `"cannotListen"`.
        public let rawValue: String

        /// Makes a code; the static members are the ones the server uses.
        public init(_ rawValue: String) {
            self.rawValue = rawValue
        }

        public var description: String { rawValue }

        /// The host is not an IP address, or the port is out of range.
        public static let invalidAddress = Code("invalidAddress")
        /// The address could not be bound (in use, or not this machine's).
        public static let cannotListen = Code("cannotListen")
        /// A resource the app needs is missing from the bundle.
        public static let missingResource = Code("missingResource")
    }

    /// What went wrong.
    public var code: Code
    /// The operation that failed: `start server`.
    public var operation: String
    /// What it was applied to: `127.0.0.1:8080`.
    public var subject: String
    /// A sentence for people: why it failed.
    public var reason: String

    /// Makes an error.
    public init(_ code: Code, operation: String, subject: String, reason: String) {
        self.code = code
        self.operation = operation
        self.subject = subject
        self.reason = reason
    }
}
