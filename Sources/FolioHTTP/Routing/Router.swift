/// Finds the route for a request: the first whose pattern matches the path and whose method is the
/// request's (a `GET` route answers `HEAD` too).
///
/// ```swift
/// var router = Router()
/// router.add([Route(.get, "/api/info", summary: "App info") { _ in .text("Folio") }])
/// router.lookup(.get, ["api", "info"])     // .found(route, [:])
/// router.lookup(.put, ["api", "info"])     // .methodNotAllowed([.get])
/// ```
public struct Router: Sendable {
    /// Every route, in the order they were added.
    public private(set) var routes: [Route] = []

    /// A router over `routes`.
    public init(_ routes: [Route] = []) {
        self.routes = routes
    }

    /// Adds routes after those already there.
    public mutating func add(_ more: [Route]) {
        routes += more
    }

    /// What a lookup found.
    public enum Lookup: Sendable {
        /// The route, and what its pattern bound.
        case found(Route, [String: [String]])
        /// Routes match the path, for these methods only (in the order of the routes).
        case methodNotAllowed([HTTPMethod])
        /// No route matches the path.
        case notFound
    }

    /// The route for `method` and the decoded path components.
    ///
    /// - Complexity: O(n) in the number of routes.
    public func lookup(_ method: HTTPMethod, _ path: [String]) -> Lookup {
        var allowed: [HTTPMethod] = []
        // By index, so that only the route found is copied out of the array (every request looks
        // its route up, and a route holds several references).
        for index in routes.indices {
            guard let parameters = routes[index].pattern.match(path) else { continue }
            let routeMethod = routes[index].method
            if routeMethod == method || (method == .head && routeMethod == .get) {
                return .found(routes[index], parameters)
            }
            if !allowed.contains(routeMethod) {
                allowed.append(routeMethod)
            }
        }
        return allowed.isEmpty ? .notFound : .methodNotAllowed(allowed)
    }
}
