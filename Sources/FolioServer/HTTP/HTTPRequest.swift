import Foundation

/// A request as the server received it.
public struct HTTPRequest: Sendable {
    /// The method, upper-case: `GET`, `PUT`, …
    public var method: String
    /// The path as sent, still percent-encoded, without the query: `/api/files/Documents/a%20b.txt`.
    public var rawPath: String {
        didSet { pathComponents = HTTPRequest.components(of: rawPath) }
    }
    /// The path split at `/` with each component percent-decoded on its own, or nil when an
    /// escape is malformed. Empty components (from `//` or a trailing `/`) are dropped. Split
    /// once, when the path is set: the gatekeeper, the router and the handler all use it.
    public private(set) var pathComponents: [String]?
    /// The query parameters, decoded; a repeated name keeps its last value.
    public var query: [String: String]
    /// The header fields.
    public var headers: HTTPHeaders
    /// The body, for requests whose body the handler asked to receive in memory.
    public var body: Data
    /// The client's IP address.
    public var clientAddress: String
    /// Cancelled when the client goes away or the server stops before the answer is sent.
    public let cancellation: RequestCancellation

    public init(
        method: String,
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
        for header in headers.values("Cookie") {
            for pair in header.utf8.split(separator: UInt8(ascii: ";")) {
                guard let equals = pair.firstIndex(of: UInt8(ascii: "=")) else { continue }
                let key = pair[..<equals].drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
                guard key.elementsEqual(name.utf8) else { continue }
                var value = pair[pair.index(after: equals)...]
                while let last = value.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") {
                    value = value.dropLast()
                }
                return String(decoding: value.drop { $0 == UInt8(ascii: " ") }, as: UTF8.self)
            }
        }
        return nil
    }
}
