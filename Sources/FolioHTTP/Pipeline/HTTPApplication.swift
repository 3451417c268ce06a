/// Routes behind a chain of middleware: what an ``HTTPServer`` serves.
///
/// A request's head goes through each middleware's check in order, then to the router, which finds
/// its route once; the body is taken as the route says; the route's answer, or the error it threw
/// (answered as ``HTTPResponseError`` says), goes back through the middleware in reverse order.
///
/// ```swift
/// let app = HTTPApplication(router: Router(routes), middleware: [SecurityHeaders(), gatekeeper])
/// let server = try HTTPServer(host: "127.0.0.1", port: 8080, responder: app)
/// let response = app.dispatch(HTTPRequest(method: .get, target: "/api/info"))   // in a test
/// ```
public struct HTTPApplication: HTTPResponder {
    /// The routes.
    public let router: Router
    /// The middleware, outermost first.
    public let middleware: [any HTTPMiddleware]

    /// An application answering with `router`'s routes through `middleware` (outermost first).
    public init(router: Router, middleware: [any HTTPMiddleware] = []) {
        self.router = router
        self.middleware = middleware
    }

    /// Checks the head with the middleware, finds the route, and says how its body is taken.
    public func begin(_ request: HTTPRequest) -> HTTPExchange {
        for (index, step) in middleware.enumerated() {
            let answer: HTTPResponse?
            do {
                answer = try step.check(request)
            } catch {
                answer = error.response(for: request)
            }
            if let answer {
                return HTTPExchange(answering: answer, to: request, finishers: middleware[..<index])
            }
        }
        let finishers = middleware[...]
        guard let path = request.pathComponents else {
            return HTTPExchange(
                answering: HTTPError.badRequest("the path has a malformed %-escape").response, to: request,
                finishers: finishers)
        }
        switch router.lookup(request.method, path) {
        case .notFound:
            return HTTPExchange(
                answering: HTTPError.noSuchRoute(request.rawPath).response, to: request, finishers: finishers)
        case .methodNotAllowed(let allowed):
            return HTTPExchange(
                answering: HTTPError.methodNotAllowed(request.method, allowed: allowed).response, to: request,
                finishers: finishers)
        case .found(let route, let parameters):
            return HTTPExchange(route: route, parameters: parameters, request: request, finishers: finishers)
        }
    }
}
