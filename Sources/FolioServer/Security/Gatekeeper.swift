import FolioHTTP
import Foundation

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
///
/// It is the app's innermost-but-one middleware: a request it refuses is answered from its head,
/// before any route sees it or its body is read.
public struct Gatekeeper: HTTPMiddleware {
    /// The name of the session cookie.
    public static let cookieName = "folio_token"
    /// The header a state-changing request must carry.
    public static let requestHeader = "X-Folio-Request"

    /// The secret.
    public let token: String
    /// The hosts (`name:port`) the `Host` header may name.
    public let allowedHosts: Set<String>
    private let failures = FailureCounter()

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

    /// Checks a request's host, credentials and, for changes, its origin: nil lets it through; the
    /// answer otherwise is a redirect that sets the cookie, or the refusal.
    public func check(_ request: HTTPRequest) throws -> HTTPResponse? {
        guard let host = request.headers["Host"], isAllowed(host: host) else {
            throw HTTPError(.forbidden, code: "forbiddenHost", message: "the Host header does not name this server")
        }
        if let offered = request.query["token"] {
            guard constantTimeEqual(offered, token) else { return try refuse(request) }
            // Trade the token in the URL for a cookie, and drop it from the address bar.
            var headers = HTTPHeaders()
            headers.set("Location", Gatekeeper.redirectTarget(for: request))
            headers.set("Set-Cookie", "\(Gatekeeper.cookieName)=\(token); Path=/; HttpOnly; SameSite=Strict")
            return HTTPResponse(status: .seeOther, headers: headers)
        }
        let bearer = request.headers["Authorization"].flatMap { value -> String? in
            value.hasPrefix("Bearer ") ? String(value.dropFirst("Bearer ".count)) : nil
        }
        guard let presented = request.cookie(Gatekeeper.cookieName) ?? bearer else {
            return unauthorized(request)
        }
        guard constantTimeEqual(presented, token) else { return try refuse(request) }
        if !request.method.isSafe {
            guard request.headers[Gatekeeper.requestHeader] != nil else {
                throw HTTPError(
                    .forbidden, code: "missingRequestHeader",
                    message: "a request that changes something must carry the \(Gatekeeper.requestHeader) header")
            }
            if let origin = request.headers["Origin"], !allowedHosts.contains(Gatekeeper.hostOfOrigin(origin)) {
                throw HTTPError(.forbidden, code: "forbiddenOrigin", message: "the Origin is not this server")
            }
        }
        return nil
    }

    /// Whether `host` (a `Host` header) names this server, ignoring case; lowercased only when it
    /// has capitals, since every request is checked.
    private func isAllowed(host: String) -> Bool {
        let hasCapitals = host.utf8.contains { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }
        return allowedHosts.contains(hasCapitals ? host.lowercased() : host)
    }

    /// The answer to a wrong token: 401, or 429 once the client has failed too often this minute.
    private func refuse(_ request: HTTPRequest) throws -> HTTPResponse {
        let client = ClientNetwork.key(for: request.clientAddress)
        guard failures.allows(client) else {
            throw HTTPError(.tooManyRequests, code: "tooManyAttempts", message: "too many wrong tokens; wait a minute")
        }
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
        if request.method == .get, request.headers["Accept"]?.contains("text/html") == true {
            return .text(Gatekeeper.tokenPage, status: .unauthorized, contentType: "text/html; charset=utf-8")
        }
        return HTTPError(
            .unauthorized, code: "unauthorized",
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

    /// `http://127.0.0.1:8080` → `127.0.0.1:8080`.
    static func hostOfOrigin(_ origin: String) -> String {
        guard let url = URL(string: origin), url.scheme == "http", let host = url.host else { return "" }
        let name = host.contains(":") ? "[\(host)]" : host
        return "\(name.lowercased()):\(url.port ?? 80)"
    }

    private func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        var a = a
        var b = b
        return a.withUTF8 { left in
            b.withUTF8 { right in
                guard left.count == right.count else { return false }
                var difference: UInt8 = 0
                for index in 0..<left.count {
                    difference |= left[index] ^ right[index]
                }
                return difference == 0
            }
        }
    }
}
