import FolioCore
import FolioHTTP
import FolioMail
import FolioSandbox

/// How the web API answers a mail error.
extension MailError: HTTPResponseError {
    /// 400 for an address, a header or a server URL that cannot be used; 409 when no server or
    /// sender is configured or the login file is not private; 502 when the mail server cannot be
    /// reached or refuses (the reason says what it said); a file failure's status otherwise.
    public func status(for request: HTTPRequest) -> HTTPStatus {
        switch code {
        case .invalidAddress, .invalidHeader, .invalidServer: .badRequest
        case .notConfigured, .insecureCredentials: .conflict
        case .unreachable, .refused: .badGateway
        default: FileError.status(for: FileError.Code(code.rawValue), request: request)
        }
    }

    public func response(for request: HTTPRequest) -> HTTPResponse {
        ErrorReport.response(self, status: status(for: request))
    }
}
