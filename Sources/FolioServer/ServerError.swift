/// The error of starting and running Folio's web server.
public struct ServerError: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String

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

    public var code: Code
    public var operation: String
    public var subject: String
    public var reason: String

    public init(_ code: Code, operation: String, subject: String, reason: String) {
        self.code = code
        self.operation = operation
        self.subject = subject
        self.reason = reason
    }

    public var description: String {
        "\(operation) failed for \(subject): \(reason) (\(code))"
    }
}
