import FolioCore
import FolioDocuments
import FolioHTTP
import FolioSandbox

/// How the web API answers a document library error; a taken name carries the seed's sentence for
/// the rename sheet (`userMessage`).
extension DocumentError: HTTPResponseError {
    /// 404 for `notFound`; 409 for `alreadyExists` and `ambiguous`; for `conflict` (changed since
    /// the version a save was based on) 412 when the request was conditional (`If-Match`), else
    /// 409; 400 for a name, kind, sort order or contents the request got wrong; 422 for contents Folio cannot
    /// read; 413 too large; the codes a file failure keeps as ``FileError`` answers them.
    public func status(for request: HTTPRequest) -> HTTPStatus {
        switch code {
        case .notFound: .notFound
        case .alreadyExists, .ambiguous: .conflict
        case .conflict: request.isConditional ? .preconditionFailed : .conflict
        case .invalidName, .unknownKind, .unknownOrder, .wrongKind, .notAFolder, .intoItself: .badRequest
        case .corrupt, .newerVersion: .unprocessableContent
        case .tooLarge: .contentTooLarge
        default: FileError.status(for: FileError.Code(code.rawValue), request: request)
        }
    }

    public func response(for request: HTTPRequest) -> HTTPResponse {
        ErrorReport.response(self, status: status(for: request), userMessage: userMessage)
    }
}
