import FolioHTTP
import FolioSandbox
import FolioZip

/// How the web API answers a zip error.
extension ZipError: HTTPResponseError {
    /// 400 for a zip of nothing; the failure of the file under it as ``FileError`` answers it;
    /// else 500.
    public func status(for request: HTTPRequest) -> HTTPStatus {
        if let fileError {
            return FileError.status(for: fileError.code, request: request)
        }
        return code == .empty ? .badRequest : .internalServerError
    }
}
