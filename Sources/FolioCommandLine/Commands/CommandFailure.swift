/// A failure the command line itself reports (not a library error): `folio` prints the message
/// and exits with status 1.
public struct CommandFailure: Error, Sendable, CustomStringConvertible {
    /// The sentence printed after `folio: `.
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
