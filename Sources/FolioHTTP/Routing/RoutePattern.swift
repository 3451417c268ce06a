/// The path of a route: `/`-separated components, each a literal, `{name}` (one component) or
/// `{name...}` (the rest: any number of components, possibly none).
///
/// A rest may stand anywhere, also in mid-path, as long as it is the only one: in
/// `/api/db/{path...}/tables/{table}/rows` the rest takes what the components after it leave.
/// Patterns match a request's decoded components (``HTTPRequest/pathComponents``), so a literal
/// matches its percent-encoded spelling too, a trailing `/` or a doubled one changes nothing, and
/// `a%2Fb` is one component that `{name}` binds as `a/b`.
///
/// ```swift
/// let pattern: RoutePattern = "/api/db/{path...}/tables/{table}/rows"
/// pattern.match(["api", "db", "Library", "x.db", "tables", "t", "rows"])
/// // ["path": ["Library", "x.db"], "table": ["t"]]
/// ```
public struct RoutePattern: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// One component of a pattern.
    public enum Component: Sendable, Hashable {
        /// Matches this text exactly.
        case literal(String)
        /// `{name}`: binds one component.
        case parameter(String)
        /// `{name...}`: binds the components the others leave.
        case rest(String)
    }

    /// The components, in order.
    public let components: [Component]
    /// The pattern as written.
    public let description: String
    /// How many components follow the rest (when there is one), which it leaves to them.
    private let afterRest: Int?

    /// The pattern `text`; it must hold at most one `{name...}`.
    public init(_ text: String) {
        let components = text.split(separator: "/").map { part -> Component in
            if part.hasPrefix("{") && part.hasSuffix("...}") {
                return .rest(String(part.dropFirst().dropLast(4)))
            }
            if part.hasPrefix("{") && part.hasSuffix("}") {
                return .parameter(String(part.dropFirst().dropLast()))
            }
            return .literal(String(part))
        }
        let rests = components.indices.filter {
            if case .rest = components[$0] { return true }
            return false
        }
        precondition(rests.count <= 1, "a route pattern has at most one {name...}: \(text)")
        self.components = components
        self.description = text
        self.afterRest = rests.first.map { components.count - $0 - 1 }
    }

    public init(stringLiteral text: String) {
        self.init(text)
    }

    /// The names and the components each binds, when `path` (decoded components) matches.
    ///
    /// - Complexity: O(n) in the number of components.
    public func match(_ path: [String]) -> [String: [String]]? {
        // Without a rest the lengths are equal; a rest takes zero or more components.
        if afterRest == nil {
            guard path.count == components.count else { return nil }
        } else {
            guard path.count >= components.count - 1 else { return nil }
        }
        var bound: [String: [String]] = [:]
        var index = 0
        for component in components {
            switch component {
            case .literal(let text):
                guard path[index] == text else { return nil }
                index += 1
            case .parameter(let name):
                bound[name] = [path[index]]
                index += 1
            case .rest(let name):
                // The rest leaves room for the components that follow it in the pattern.
                let end = path.count - (afterRest ?? 0)
                bound[name] = Array(path[index..<end])
                index = end
            }
        }
        return bound
    }
}
