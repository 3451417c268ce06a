import FolioCore
import FolioDatabase
import FolioHTTP
import FolioSandbox

/// How the web API answers a database error.
extension DatabaseError: HTTPResponseError {
    /// A file failure (no such database, one outside the container) as ``FileError`` answers it;
    /// 422 for a file that is not a database; 503 while it is busy or locked; 404 when it cannot be
    /// opened or has no such table; 400 for SQL that does not compile or bind, that the read-only query box refuses, that
    /// ran over a time or size limit or that the authorizer refused.
    public func status(for request: HTTPRequest) -> HTTPStatus {
        if let fileError {
            return FileError.status(for: fileError.code, request: request)
        }
        switch code {
        case .notADatabase, .corrupt: return .unprocessableContent
        case .busy, .locked: return .serviceUnavailable
        case .cannotOpen, .notFound: return .notFound
        default: return .badRequest
        }
    }

    /// The error as JSON with its ``DatabaseError/sentence`` as the `userMessage` the web app
    /// shows; SQLite's message, the code and the SQL stay in `message`, `reason` and `code`.
    public func response(for request: HTTPRequest) -> HTTPResponse {
        ErrorReport.response(self, status: status(for: request), userMessage: sentence)
    }
}
