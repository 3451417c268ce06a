import Foundation
import Synchronization

/// Who may talk to the server, and how.
///
/// - **Token.** The server prints a URL with a random token (like a notebook server). A request
///   carrying `?token=` is answered with a redirect that sets the token as a `SameSite=Strict`,
///   `HttpOnly` cookie; after that the cookie authenticates (scripts may send
///   `Authorization: Bearer TOKEN` instead). Anything else is 401.
/// - **Host.** The `Host` header must name the address the server is bound to (on loopback,
///   `localhost` too), so a DNS-rebinding page on another name gets 403.
/// - **CSRF.** A request that changes state (not GET, HEAD or OPTIONS) must carry the header
///   `X-Folio-Request` — which a cross-site page cannot send without a preflight Folio never
///   approves — and, when it has an `Origin`, one that matches the host.
/// - **Brute force.** After 20 failed token checks from one client in a minute, further wrong
///   tokens are answered 429 until the minute is over. The right token is always let in, so
///   guessing cannot lock the owner out; the whole loopback range counts as one client
///   (``ClientNetwork``), since a local process can pick any address in it.
public struct Gatekeeper: Sendable {
    /// The name of the session cookie.
    public static let cookieName = "folio_token"
    /// The header a state-changing request must carry.
    public static let requestHeader = "X-Folio-Request"

    /// The secret.
    public let token: String
    /// The hosts (`name:port`) the `Host` header may name.
    public let allowedHosts: Set<String>
    private let failures = FailureCounter()

    /// What the gatekeeper decided.
    public enum Decision: Sendable {
        /// Go on.
        case allow
        /// Answer this instead (a redirect that sets the cookie, or an error).
        case answer(HTTPResponse)
    }

    /// A gatekeeper for a server bound to `host`:`port`.
    public init(token: String, host: String, port: Int) {
        self.token = token
        var hosts: Set<String> = ["\(host):\(port)"]
        if host.contains(":") {
            hosts.insert("[\(host)]:\(port)")
        }
        if host == "127.0.0.1" || host == "::1" {
            hosts.formUnion(["localhost:\(port)", "127.0.0.1:\(port)", "[::1]:\(port)"])
        }
        allowedHosts = hosts
    }

    /// A new random token: 32 bytes as hexadecimal.
    public static func makeToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
    }

    /// Checks a request's host, credentials and, for changes, its origin.
    public func check(_ request: HTTPRequest) -> Decision {
        guard let host = request.headers["Host"], allowedHosts.contains(host.lowercased()) else {
            return .answer(
                APIError(status: 403, code: "forbiddenHost", message: "the Host header does not name this server")
                    .response)
        }
        if let offered = request.query["token"] {
            guard constantTimeEqual(offered, token) else { return .answer(refuse(request)) }
            // Trade the token in the URL for a cookie, and drop it from the address bar.
            var headers = HTTPHeaders()
            headers.set("Location", Gatekeeper.redirectTarget(for: request))
            headers.set("Set-Cookie", "\(Gatekeeper.cookieName)=\(token); Path=/; HttpOnly; SameSite=Strict")
            return .answer(HTTPResponse(status: 303, headers: headers))
        }
        let bearer = request.headers["Authorization"].flatMap { value -> String? in
            value.hasPrefix("Bearer ") ? String(value.dropFirst("Bearer ".count)) : nil
        }
        guard let presented = request.cookie(Gatekeeper.cookieName) ?? bearer else {
            return .answer(unauthorized(request))
        }
        guard constantTimeEqual(presented, token) else { return .answer(refuse(request)) }
        if !["GET", "HEAD", "OPTIONS"].contains(request.method) {
            guard request.headers[Gatekeeper.requestHeader] != nil else {
                return .answer(
                    APIError(
                        status: 403, code: "missingRequestHeader",
                        message: "a request that changes something must carry the \(Gatekeeper.requestHeader) header"
                    ).response)
            }
            if let origin = request.headers["Origin"], !allowedHosts.contains(Gatekeeper.hostOfOrigin(origin)) {
                return .answer(
                    APIError(status: 403, code: "forbiddenOrigin", message: "the Origin is not this server").response)
            }
        }
        return .allow
    }

    /// The answer to a wrong token: 401, or 429 once the client has failed too often this minute.
    private func refuse(_ request: HTTPRequest) -> HTTPResponse {
        let client = ClientNetwork.key(for: request.clientAddress)
        guard failures.allows(client) else { return tooMany }
        failures.record(client)
        return unauthorized(request)
    }

    /// Where the token redirect sends the browser: the path it asked for, rebuilt from its decoded
    /// components so that it can only name a path on this server. The path as sent could name
    /// another: `//evil.example/` and `/\evil.example` are addresses of another host to a browser.
    static func redirectTarget(for request: HTTPRequest) -> String {
        guard let components = request.pathComponents, !components.isEmpty else { return "/" }
        let path = "/" + components.map(PercentEncoding.encodeComponent).joined(separator: "/")
        return request.rawPath.hasSuffix("/") ? path + "/" : path
    }

    /// 401: JSON for scripts, a page that says what to do for a browser opening the app.
    private func unauthorized(_ request: HTTPRequest) -> HTTPResponse {
        if request.method == "GET", request.headers["Accept"]?.contains("text/html") == true {
            return .text(Gatekeeper.tokenPage, status: 401, contentType: "text/html; charset=utf-8")
        }
        return APIError(
            status: 401, code: "unauthorized",
            message: "open the address folio serve printed (it carries the access token)"
        ).response
    }

    /// What a browser without the token sees.
    static let tokenPage = """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
        <title>Folio: open the address with its token</title></head>
        <body><h1>Folio needs its access token</h1>
        <p>Open the address <code>folio serve</code> printed when it started. It looks like
        <code>http://127.0.0.1:8080/?token=…</code>; opening it once lets this browser in.</p>
        <p>If Folio was restarted, it printed a new address: use that one.</p></body></html>

        """

    private var tooMany: HTTPResponse {
        APIError(status: 429, code: "tooManyAttempts", message: "too many wrong tokens; wait a minute").response
    }

    /// `http://127.0.0.1:8080` → `127.0.0.1:8080`.
    static func hostOfOrigin(_ origin: String) -> String {
        guard let url = URL(string: origin), url.scheme == "http", let host = url.host else { return "" }
        let name = host.contains(":") ? "[\(host)]" : host
        return "\(name.lowercased()):\(url.port ?? 80)"
    }

    private func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let left = Array(a.utf8)
        let right = Array(b.utf8)
        guard left.count == right.count else { return false }
        var difference: UInt8 = 0
        for index in 0..<left.count {
            difference |= left[index] ^ right[index]
        }
        return difference == 0
    }
}

/// Failed token checks per client (a ``ClientNetwork`` key), per minute. Only the current
/// minute's counts are kept, so many clients cannot grow it without bound for long.
final class FailureCounter: Sendable {
    private struct Counts {
        var minute = 0
        var failures: [String: Int] = [:]
    }

    private let counts = Mutex(Counts())
    static let limit = 20

    func allows(_ client: String) -> Bool {
        let minute = FailureCounter.minute()
        return counts.withLock { counts in
            counts.minute != minute || counts.failures[client, default: 0] < FailureCounter.limit
        }
    }

    func record(_ client: String) {
        let minute = FailureCounter.minute()
        counts.withLock { counts in
            if counts.minute != minute {
                counts = Counts(minute: minute)
            }
            counts.failures[client, default: 0] += 1
        }
    }

    private static func minute() -> Int {
        Int(Date().timeIntervalSince1970 / 60)
    }
}
