import Foundation

/// A request matched to a route, with the path parameters its pattern bound.
public struct RouteRequest: Sendable {
    /// The request.
    public let request: HTTPRequest
    /// The components each `{name}` or `{name...}` matched.
    public let parameters: [String: [String]]

    /// A request and what its route's pattern bound.
    public init(request: HTTPRequest, parameters: [String: [String]]) {
        self.request = request
        self.parameters = parameters
    }

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

    /// Whether a boolean query parameter is set (`1`, `true`, `yes`, or present without a value).
    public func flag(_ name: String) -> Bool {
        guard let value = request.query[name]?.lowercased() else { return false }
        return ["1", "true", "yes", ""].contains(value)
    }

    /// The request's header fields.
    public var headers: HTTPHeaders { request.headers }

    /// The request's body, for a route that takes it in memory.
    public var body: Data { request.body }
}
