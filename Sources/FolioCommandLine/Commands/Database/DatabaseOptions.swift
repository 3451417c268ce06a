import FolioDatabase

/// Options about databases that commands outside `folio db` take.
enum DatabaseOptions {
    /// `--query-time-limit SECONDS`: how long the SQL of one database request may run.
    static let queryTimeLimit = Option(
        "--query-time-limit", valueName: "SECONDS",
        help: "how long the SQL of one database request may run (default 5)",
        parse: timeLimit)

    /// The time limit `--query-time-limit SECONDS` gives.
    ///
    /// - Throws: ``UsageError`` for a value that is not a positive number of seconds.
    @Sendable static func timeLimit(_ text: String) throws(UsageError) -> Duration {
        guard let seconds = Double(text), seconds.isFinite, seconds > 0, seconds <= 86_400 else {
            throw UsageError("--query-time-limit takes a number of seconds greater than 0, such as 5 or 0.5")
        }
        return .milliseconds(Int64((seconds * 1000).rounded(.up)))
    }
}
