import FolioArchive
import FolioDatabase
import FolioDocuments
import FolioLocation
import FolioSandbox
import FolioTables
import FolioXML

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
        switch error {
        case let error as FileError:
            body.code = error.code.rawValue
            (body.operation, body.subject, body.reason) = (error.operation, error.subject, error.reason)
        case let error as DocumentError:
            body.code = error.code.rawValue
            (body.operation, body.subject, body.reason) = (error.operation, error.subject, error.reason)
        case let error as TableError:
            body.code = error.code.rawValue
            (body.operation, body.subject, body.reason) = (error.operation, error.subject, error.reason)
        case let error as LocationError:
            body.code = error.code.rawValue
            (body.operation, body.subject, body.reason) = (error.operation, error.subject, error.reason)
        case let error as ArchiveError:
            body.code = error.code.rawValue
            (body.operation, body.subject, body.reason) = (error.operation, error.subject, error.reason)
        case let error as XMLError:
            body.code = error.code.rawValue
            (body.operation, body.subject, body.reason) = (error.operation, error.subject, error.reason)
        case let error as DatabaseError:
            body.code = error.extendedCode.description
            (body.operation, body.subject, body.reason) = (error.operation, error.subject, error.message)
        default:
            break
        }
        self.error = body
    }
}
