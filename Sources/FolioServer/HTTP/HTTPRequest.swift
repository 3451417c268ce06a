import Foundation

/// A request as the server received it.
public struct HTTPRequest: Sendable {
    /// The method, upper-case: `GET`, `PUT`, …
    public var method: String
    /// The path as sent, still percent-encoded, without the query: `/api/files/Documents/a%20b.txt`.
    public var rawPath: String
    /// The query parameters, decoded; a repeated name keeps its last value.
    public var query: [String: String]
    /// The header fields.
    public var headers: HTTPHeaders
    /// The body, for requests whose body the handler asked to receive in memory.
    public var body: Data
    /// The client's IP address.
    public var clientAddress: String

    public init(
        method: String,
        rawPath: String,
        query: [String: String] = [:],
        headers: HTTPHeaders = HTTPHeaders(),
        body: Data = Data(),
        clientAddress: String = "127.0.0.1"
    ) {
        self.method = method
        self.rawPath = rawPath
        self.query = query
        self.headers = headers
        self.body = body
        self.clientAddress = clientAddress
    }

    /// The path split at `/` with each component percent-decoded on its own, or nil when an
    /// escape is malformed. Empty components (from `//` or a trailing `/`) are dropped.
    public var pathComponents: [String]? {
        var components: [String] = []
        for part in rawPath.split(separator: "/", omittingEmptySubsequences: true) {
            guard let decoded = PercentEncoding.decode(part) else { return nil }
            components.append(decoded)
        }
        return components
    }

    /// The cookies of the `Cookie` header.
    public var cookies: [String: String] {
        var result: [String: String] = [:]
        for header in headers.values("Cookie") {
            for pair in header.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                guard parts.count == 2 else { continue }
                result[parts[0].trimmingCharacters(in: .whitespaces)] = parts[1].trimmingCharacters(in: .whitespaces)
            }
        }
        return result
    }
}
