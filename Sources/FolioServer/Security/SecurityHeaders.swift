import FolioHTTP

/// The middleware that gives every response the headers that keep the browser strict, and the
/// app's content security policy unless the response set the stricter one for user content.
struct SecurityHeaders: HTTPMiddleware {
    /// The app's own pages: only its own scripts, styles and images; no framing by others.
    static let appPolicy = appPolicy(imagesFrom: nil)

    /// The app's policy, allowing images from exactly `origin` too (the map's tile server,
    /// `https://tile.example.org`), and from nowhere else outside the app.
    static func appPolicy(imagesFrom origin: String?) -> String {
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:"
            + (origin.map { " " + $0 } ?? "") + "; "
            + "connect-src 'self'; frame-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
            + "frame-ancestors 'none'"
    }

    /// Files from the container (HTML, SVG, anything): a sandboxed, opaque origin with no scripts,
    /// which only the app itself may frame.
    static let userContentPolicy =
        "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'self'"

    /// Adds the common headers, and the app policy unless the response set its own.
    func finish(_ response: inout HTTPResponse, for request: HTTPRequest) {
        response.headers.set("X-Content-Type-Options", "nosniff")
        response.headers.set("Referrer-Policy", "no-referrer")
        response.headers.set("Cross-Origin-Opener-Policy", "same-origin")
        response.headers.set("Cross-Origin-Resource-Policy", "same-origin")
        if !response.headers.contains("Content-Security-Policy") {
            response.headers.set("Content-Security-Policy", SecurityHeaders.appPolicy)
        }
        if !response.headers.contains("Cache-Control") {
            response.headers.set("Cache-Control", "no-store")
        }
    }
}
