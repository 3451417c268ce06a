import FolioArchive
import FolioHTTP
import FolioSandbox

/// How the web API answers an archive error (a value archived in a file that cannot be read back).
extension ArchiveError: HTTPResponseError {
    /// 422 for an archive that is damaged, of another type or from a newer Folio; the failure of
    /// the file under it as ``FileError`` answers it; else 500.
    public func status(for request: HTTPRequest) -> HTTPStatus {
        if let fileError {
            return FileError.status(for: fileError.code, request: request)
        }
        switch code {
        case .corrupt, .wrongType, .newerVersion: return .unprocessableContent
        case .notFound: return .notFound
        case .tooLarge: return .contentTooLarge
        default: return .internalServerError
        }
    }
}
