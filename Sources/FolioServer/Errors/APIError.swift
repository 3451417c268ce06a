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

    /// The JSON response for this error.
    var response: HTTPResponse {
        HTTPResponse.json(["error": self], status: HTTPStatus(status))
    }
}
