import Foundation

/// A request as the server received it.
public struct HTTPRequest: Sendable {
    /// The method.
    public var method: HTTPMethod
    /// The path as sent, still percent-encoded, without the query: `/api/files/Documents/a%20b.txt`.
    public var rawPath: String {
        didSet { pathComponents = HTTPRequest.components(of: rawPath) }
    }
    /// The path split at `/` with each component percent-decoded on its own, or nil when an
    /// escape is malformed. Empty components (from `//` or a trailing `/`) are dropped. Split
    /// once, when the path is set: the middleware, the router and the route all use it.
    public private(set) var pathComponents: [String]?
    /// The query parameters, decoded; a repeated name keeps its last value.
    public var query: [String: String]
    /// The header fields.
    public var headers: HTTPHeaders
    /// The body, for requests whose route takes it in memory.
    public var body: Data
    /// The client's IP address.
    public var clientAddress: String
    /// Cancelled when the client goes away or the server stops before the answer is sent.
    public let cancellation: RequestCancellation

    /// A request for `rawPath` (percent-encoded, without the query) with the query already decoded.
    public init(
        method: HTTPMethod,
        rawPath: String,
        query: [String: String] = [:],
        headers: HTTPHeaders = HTTPHeaders(),
        body: Data = Data(),
        clientAddress: String = "127.0.0.1",
        cancellation: RequestCancellation = RequestCancellation()
    ) {
        self.method = method
        self.rawPath = rawPath
        self.pathComponents = HTTPRequest.components(of: rawPath)
        self.query = query
        self.headers = headers
        self.body = body
        self.clientAddress = clientAddress
        self.cancellation = cancellation
    }

    /// A request for `target` as a request line carries it: the path, then optionally `?` and a
    /// query, decoded as the server decodes one (``QueryString``).
    ///
    /// ```swift
    /// let request = HTTPRequest(method: .get, target: "/api/documents?limit=50&sort=-date")
    /// ```
    public init(
        method: HTTPMethod,
        target: String,
        headers: HTTPHeaders = HTTPHeaders(),
        body: Data = Data(),
        clientAddress: String = "127.0.0.1",
        cancellation: RequestCancellation = RequestCancellation()
    ) {
        let question = target.firstIndex(of: "?")
        let path = question.map { String(target[..<$0]) } ?? target
        let query = question.map { QueryString.decode(target[target.index(after: $0)...]) } ?? [:]
        self.init(
            method: method, rawPath: path, query: query, headers: headers, body: body, clientAddress: clientAddress,
            cancellation: cancellation)
    }

    private static func components(of rawPath: String) -> [String]? {
        var components: [String] = []
        for part in rawPath.split(separator: "/", omittingEmptySubsequences: true) {
            guard let decoded = PercentEncoding.decode(part) else { return nil }
            components.append(decoded)
        }
        return components
    }

    /// The value of the cookie `name`, if the `Cookie` header has one (the first of that name).
    public func cookie(_ name: String) -> String? {
        var found: String?
        headers.forEachValue("Cookie") { header in
            found = HTTPRequest.cookie(name, in: header)
            return found == nil
        }
        return found
    }

    /// The value of the cookie `name` in one `Cookie` header, read in place (every request's
    /// token is found this way).
    private static func cookie(_ name: String, in header: String) -> String? {
        let bytes = header.utf8
        var start = bytes.startIndex
        while start < bytes.endIndex {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: ";")) ?? bytes.endIndex
            let pair = bytes[start..<end]
            start = end < bytes.endIndex ? bytes.index(after: end) : end
            guard let equals = pair.firstIndex(of: UInt8(ascii: "=")) else { continue }
            let key = pair[..<equals].drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
            guard key.elementsEqual(name.utf8) else { continue }
            var value = pair[pair.index(after: equals)...]
            while let last = value.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") {
                value = value.dropLast()
            }
            return String(decoding: value.drop { $0 == UInt8(ascii: " ") }, as: UTF8.self)
        }
        return nil
    }
}

extension HTTPRequest {
    /// Whether the request is conditional (RFC 9110 §13.1): it carries `If-Match`,
    /// `If-None-Match` or `If-Unmodified-Since`, so a condition that fails is answered 412.
    public var isConditional: Bool {
        headers["If-Match"] != nil || headers["If-None-Match"] != nil || headers["If-Unmodified-Since"] != nil
    }
}
