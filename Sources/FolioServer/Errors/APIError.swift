import FolioCore
import FolioHTTP

/// The JSON a library error is answered with:
/// `{"error": {"code", "message", "status", "operation", "subject", "reason", "userMessage"}}`
/// (the last four when the error has them).
///
/// Each library error type decides its status in one place, its ``HTTPResponseError``
/// conformance (`FileError+HTTP.swift`, `DocumentError+HTTP.swift`, …), and is answered with this.
struct APIError: Encodable {
    var status: Int
    let code: String
    let message: String
    var operation: String?
    var subject: String?
    var reason: String?
    /// A sentence for a person, where the library has one (the "already exists" message).
    var userMessage: String?

    init(
        status: HTTPStatus, code: String, message: String, operation: String? = nil, subject: String? = nil,
        reason: String? = nil, userMessage: String? = nil
    ) {
        self.status = status.code
        self.code = code
        self.message = message
        self.operation = operation
        self.subject = subject
        self.reason = reason
        self.userMessage = userMessage
    }

    /// The answer to a library error: its ``FolioError/reportedCode`` (SQLite's extended code for a
    /// database error, as the CLI reports it), its description as the message, its operation,
    /// subject (when it names one) and reason.
    init(_ error: some FolioError, status: HTTPStatus, userMessage: String? = nil) {
        self.init(
            status: status, code: error.reportedCode, message: error.description, operation: error.operation,
            subject: error.subject.isEmpty ? nil : error.subject, reason: error.reason, userMessage: userMessage)
    }

    /// The JSON response for this error.
    var response: HTTPResponse {
        HTTPResponse.json(["error": self], status: HTTPStatus(status))
    }
}

extension HTTPResponseError where Self: FolioError {
    /// The status the type decides (``HTTPResponseError/status(for:)``), with the error as JSON.
    public func response(for request: HTTPRequest) -> HTTPResponse {
        APIError(self, status: status(for: request)).response
    }
}
