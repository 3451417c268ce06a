import FolioCore
import FolioHTTP

extension HTTPResponseError where Self: FolioError {
    /// The status the type decides (``HTTPResponseError/status(for:)``), with the error as JSON
    /// (``ErrorReport``, the command line's shape too).
    public func response(for request: HTTPRequest) -> HTTPResponse {
        ErrorReport.response(self, status: status(for: request))
    }
}

extension ErrorReport {
    /// The JSON response for `error` with `status`.
    static func response(_ error: some FolioError, status: HTTPStatus, userMessage: String? = nil) -> HTTPResponse {
        HTTPResponse.json(ErrorReport(error, status: status.code, userMessage: userMessage).document, status: status)
    }
}
