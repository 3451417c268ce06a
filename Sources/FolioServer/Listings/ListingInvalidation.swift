import FolioHTTP

/// The middleware that empties the ``ListingCache`` after every request that may have changed
/// something (any method but GET and HEAD), whatever it was answered — so the very next page of
/// the document list shows the change.
struct ListingInvalidation: HTTPMiddleware {
    let listings: ListingCache

    func finish(_ response: inout HTTPResponse, for request: HTTPRequest) {
        if request.method != .get && request.method != .head {
            listings.invalidate()
        }
    }
}
