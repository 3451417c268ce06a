import FolioCore
import FolioHTTP

extension RouteRequest {
    /// The `offset` and `limit` query parameters of a paged route, read the same way on every
    /// route: absent, the first page of `defaultLimit`; a limit above `maxLimit` gets `maxLimit`
    /// (the routes document "at most"); anything else that is not a whole number in range is refused.
    ///
    /// - Throws: ``HTTPError`` 400 naming the parameter, its range and what was sent.
    func page(defaultLimit: Int, maxLimit: Int) throws(HTTPError) -> (offset: Int, limit: Int) {
        var offset = 0
        if let text = query("offset") {
            guard let value = Int(text), value >= 0 else {
                throw HTTPError.badRequest(
                    "offset must be a whole number of 0 or more, not \"\(UntrustedText.escaped(text))\"")
            }
            offset = value
        }
        var limit = defaultLimit
        if let text = query("limit") {
            guard let value = Int(text), value >= 1 else {
                throw HTTPError.badRequest(
                    "limit must be a whole number from 1 to \(maxLimit), not \"\(UntrustedText.escaped(text))\"")
            }
            limit = min(value, maxLimit)
        }
        return (offset, limit)
    }
}
