/// A step every request of an ``HTTPApplication`` passes on its way to its route and back.
///
/// A middleware sees a request's head before the router does and before its body is read, and may
/// answer it instead (a refused token is answered 401 without reading the upload that follows);
/// then it sees the response, whoever made it, before it is sent. The application's middleware is
/// a chain: checks run in order, outermost first, and the responses pass back in the reverse order,
/// to each middleware whose check let the request through. So a middleware that answers a request
/// stops the checks and the route after it, and only the middleware outside it finish its answer:
///
/// ```swift
/// HTTPApplication(router: router, middleware: [SecurityHeaders(), gatekeeper, ListingInvalidation(cache)])
/// // check: SecurityHeaders → Gatekeeper → ListingInvalidation → route
/// // finish:                                ListingInvalidation → SecurityHeaders
/// ```
public protocol HTTPMiddleware: Sendable {
    /// Looks at the head of `request`: nil lets it through, a response answers it instead, and an
    /// error is answered as ``HTTPResponseError`` says. By default, lets every request through.
    func check(_ request: HTTPRequest) throws -> HTTPResponse?
    /// Changes the response to a request this middleware let through, before it is sent. By
    /// default, changes nothing.
    func finish(_ response: inout HTTPResponse, for request: HTTPRequest)
}

extension HTTPMiddleware {
    public func check(_ request: HTTPRequest) throws -> HTTPResponse? { nil }
    public func finish(_ response: inout HTTPResponse, for request: HTTPRequest) {}
}
