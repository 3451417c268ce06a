/// One endpoint: a method, a path pattern, what it does, and how it is described in the API's
/// OpenAPI document.
///
/// Patterns are `/`-separated: a literal component, `{name}` (one component), or `{name...}`
/// (the rest of the path, possibly empty): `/api/documents/{name}/rename`, `/api/files/{path...}`.
public struct Route: Sendable {
    /// What a route does with a request.
    public typealias Action = @Sendable (RouteRequest) throws -> HTTPResponse

    /// How the route takes a request body.
    public enum Body: Sendable {
        /// No body expected (a small one is still read and ignored).
        case none
        /// A JSON body of at most 1 MiB.
        case json
        /// A body of any size, streamed to `receiver(request)`.
        case stream(@Sendable (RouteRequest) throws -> any UploadReceiver)
    }

    /// How long answering may take, which decides the thread that answers (see
    /// ``RequestPlan/Cost``): a slow route runs on the server's worker pool.
    public enum Cost: Sendable {
        /// Answered at once on the thread that read the request.
        case cheap
        /// Answered on the worker pool: anything that can take long (a query, the parse of a big
        /// file, a walk of a big tree, a call to another server).
        case slow
        /// Slow, except for the requests `isCheap` picks (a route that lists a directory, which is
        /// slow, and sends a file, which the kernel does).
        case slowUnless(@Sendable (RouteRequest) -> Bool)
    }

    /// A query parameter, for the OpenAPI document.
    public struct Parameter: Sendable {
        public var name: String
        public var description: String

        public init(_ name: String, _ description: String) {
            self.name = name
            self.description = description
        }
    }

    public let method: String
    public let pattern: String
    public let summary: String
    public let query: [Parameter]
    public let body: Body
    public let cost: Cost
    public let action: Action
    let components: [Component]

    enum Component: Sendable, Equatable {
        case literal(String)
        case parameter(String)
        case rest(String)
    }

    public init(
        _ method: String,
        _ pattern: String,
        summary: String,
        query: [Parameter] = [],
        body: Body = .none,
        cost: Cost = .cheap,
        action: @escaping Action
    ) {
        self.method = method
        self.pattern = pattern
        self.summary = summary
        self.query = query
        self.body = body
        self.cost = cost
        self.action = action
        self.components = pattern.split(separator: "/").map { part in
            if part.hasPrefix("{") && part.hasSuffix("...}") {
                return .rest(String(part.dropFirst().dropLast(4)))
            }
            if part.hasPrefix("{") && part.hasSuffix("}") {
                return .parameter(String(part.dropFirst().dropLast()))
            }
            return .literal(String(part))
        }
    }

    /// The same route with another cost (for an API whose every route is slow).
    public func costing(_ cost: Cost) -> Route {
        Route(method, pattern, summary: summary, query: query, body: body, cost: cost, action: action)
    }

    /// Where `request` to this route is answered.
    func cost(of request: RouteRequest) -> RequestPlan.Cost {
        switch cost {
        case .cheap: .cheap
        case .slow: .slow
        case .slowUnless(let isCheap): isCheap(request) ? .cheap : .slow
        }
    }

    /// The parameters `path` binds, or nil when it does not match.
    func match(_ path: [String]) -> [String: [String]]? {
        var bound: [String: [String]] = [:]
        var index = 0
        for (position, component) in components.enumerated() {
            switch component {
            case .literal(let text):
                guard index < path.count, path[index] == text else { return nil }
                index += 1
            case .parameter(let name):
                guard index < path.count else { return nil }
                bound[name] = [path[index]]
                index += 1
            case .rest(let name):
                // The rest leaves room for the components that follow it in the pattern.
                let after = components.count - position - 1
                guard path.count - index >= after else { return nil }
                bound[name] = Array(path[index..<(path.count - after)])
                index = path.count - after
            }
        }
        return index == path.count ? bound : nil
    }
}

/// A request matched to a route, with its path parameters.
public struct RouteRequest: Sendable {
    /// The request.
    public let request: HTTPRequest
    /// The components each `{name}` or `{name...}` matched.
    public let parameters: [String: [String]]

    /// The single component bound to `{name}`.
    public func parameter(_ name: String) -> String {
        parameters[name]?.first ?? ""
    }

    /// The components bound to `{name...}`.
    public func rest(_ name: String) -> [String] {
        parameters[name] ?? []
    }

    /// A query parameter.
    public func query(_ name: String) -> String? {
        request.query[name]
    }

    /// Whether a boolean query parameter is set (`1`, `true`, `yes`).
    public func flag(_ name: String) -> Bool {
        guard let value = request.query[name]?.lowercased() else { return false }
        return ["1", "true", "yes", ""].contains(value)
    }
}
