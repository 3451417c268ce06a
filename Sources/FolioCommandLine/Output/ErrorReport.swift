import FolioCore
import FolioDatabase

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
            // SQLite's extended code says more than its primary one (`constraintUnique`).
            body.code = (error as? DatabaseError)?.extendedCode.description ?? error.code.description
            body.operation = error.operation
            body.subject = error.subject.isEmpty ? nil : error.subject
            body.reason = error.reason
        }
        self.error = body
    }
}
