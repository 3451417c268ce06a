/// Finds the route for a request: 404 when no pattern matches the path, 405 when patterns match
/// but not for this method.
public struct Router: Sendable {
    /// Every route, in the order they were added.
    public private(set) var routes: [Route] = []

    public init(_ routes: [Route] = []) {
        self.routes = routes
    }

    /// Adds routes.
    public mutating func add(_ more: [Route]) {
        routes += more
    }

    /// What a lookup found.
    public enum Lookup {
        case found(Route, [String: [String]])
        case methodNotAllowed([String])
        case notFound
    }

    /// The route for `method` and the decoded path components.
    public func lookup(_ method: String, _ path: [String]) -> Lookup {
        var allowed: [String] = []
        for route in routes {
            guard let parameters = route.match(path) else { continue }
            if route.method == method || (method == "HEAD" && route.method == "GET") {
                return .found(route, parameters)
            }
            allowed.append(route.method)
        }
        return allowed.isEmpty ? .notFound : .methodNotAllowed(allowed)
    }
}
