/// A command line that does not fit the command's usage; `folio` prints it with the usage and
/// exits with status 2.
public struct UsageError: Error, Sendable, CustomStringConvertible {
    /// What is wrong, e.g. "unknown option '--colour'".
    public var message: String
    /// The usage line of the command concerned, when known.
    public var usage: String?

    public init(_ message: String, usage: String? = nil) {
        self.message = message
        self.usage = usage
    }

    public var description: String { message }
}
