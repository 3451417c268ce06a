import FolioHTTP

/// How the web API answers a server error (a resource of the app missing from the build).
extension ServerError: HTTPResponseError {
    /// 500: the server, not the request, is at fault.
    public func status(for request: HTTPRequest) -> HTTPStatus {
        .internalServerError
    }
}
