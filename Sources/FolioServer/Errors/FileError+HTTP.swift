import FolioHTTP
import FolioSandbox

/// How the web API answers a file error: its code decides the status, here and nowhere else.
extension FileError: HTTPResponseError {
    /// 404 for `notFound`; 409 for `alreadyExists` and `directoryNotEmpty`; for `conflict` (the file
    /// changed since the version a save was based on) 412 when the request was conditional, else
    /// 409; 400 for names, paths and arguments; 403 outside the container, read-only or denied;
    /// 413 too large; 507 no space; 501 not supported; 502 a transfer failed; else 500.
    public func status(for request: HTTPRequest) -> HTTPStatus {
        FileError.status(for: code, request: request)
    }

    /// The status for a file error's code: also that of another library's error that keeps a file
    /// error's code (a document that is not found, a database file that is not there).
    static func status(for code: Code, request: HTTPRequest) -> HTTPStatus {
        switch code {
        case .notFound: .notFound
        case .conflict: request.isConditional ? .preconditionFailed : .conflict
        case .alreadyExists, .directoryNotEmpty: .conflict
        case .invalidName, .invalidPath, .invalidArgument, .notDirectory, .isDirectory: .badRequest
        case .outsideContainer, .readOnly, .permissionDenied: .forbidden
        case .tooLarge: .contentTooLarge
        case .noSpace: .insufficientStorage
        // The filesystem cannot do what was asked (a birth time on Linux, flags on a link):
        // RFC 9110 §15.6.2's 501, with the library's reason in the body.
        case .notSupported: .notImplemented
        case .transferFailed: .badGateway
        default: .internalServerError
        }
    }
}
