import FolioCore

/// A failure as `--json` prints it on standard error:
/// `{"error": {"code", "message", "status", "operation", "subject", "reason"}}`, the shape the
/// web API answers with, where `status` is the exit status (1 failed, 2 usage) and the last three
/// appear when the error has them.
struct ErrorReport: Encodable {
    struct Body: Encodable {
        var code: String
        var message: String
        var status: Int32
        var operation: String?
        var subject: String?
        var reason: String?
    }

    var error: Body

    init(_ error: any Error, status: Int32) {
        let message = String(describing: error)
        var body = Body(code: status == 2 ? "usage" : "failed", message: message, status: status)
        if let error = error as? any FolioError {
            body.code = error.reportedCode
            body.operation = error.operation
            body.subject = error.subject.isEmpty ? nil : error.subject
            body.reason = error.reason
        }
        self.error = body
    }
}
