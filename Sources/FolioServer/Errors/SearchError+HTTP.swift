import FolioHTTP
import FolioSearch

/// How the web API answers a search error.
extension SearchError: HTTPResponseError {
    /// 400 for a query with nothing to search for or too much of it; else 500 (the index or
    /// `Documents/` failed).
    public func status(for request: HTTPRequest) -> HTTPStatus {
        switch code {
        case .emptyQuery, .noWords, .queryTooLong: .badRequest
        default: .internalServerError
        }
    }
}
