/// A failure as Folio reports it in JSON, the same in the web API and in the command line's
/// `--json` output: `{"error": {"code", "message", "status", "operation", "subject", "reason",
/// "userMessage"}}`, the last four only when the error has them.
///
/// `status` is the HTTP status in the web API and the exit status (1 failed, 2 usage) on the
/// command line; `code` is the error's ``FolioError/reportedCode`` (SQLite's extended code for a
/// database error).
///
/// ```swift
/// let report = ErrorReport(error, status: 404)
/// let json = try FolioJSON.encoder().encode(report.document)   // {"error":{"code":"notFound",…}}
/// ```
public struct ErrorReport: Encodable, Sendable, Hashable {
    /// The error's code, e.g. `notFound`, `constraintUnique`, `usage`.
    public var code: String
    /// The whole description: operation, subject and reason in one sentence.
    public var message: String
    /// The HTTP status, or the process's exit status.
    public var status: Int
    /// What was being done, e.g. `rename`.
    public var operation: String?
    /// What it was done to, e.g. `Documents/a.txt`.
    public var subject: String?
    /// Why it failed.
    public var reason: String?
    /// A sentence for a person, where the library has one (the "already exists" message).
    public var userMessage: String?

    /// A report of anything: the parts of a ``FolioError``, or the description of another error
    /// with `code`.
    public init(_ error: any Error, status: Int, code: String = "failed", userMessage: String? = nil) {
        self.status = status
        self.message = String(describing: error)
        self.userMessage = userMessage
        if let error = error as? any FolioError {
            self.code = error.reportedCode
            self.operation = error.operation
            self.subject = error.subject.isEmpty ? nil : error.subject
            self.reason = error.reason
        } else {
            self.code = code
        }
    }

    /// The report as it is sent: `{"error": …}`.
    public var document: [String: ErrorReport] { ["error": self] }
}
