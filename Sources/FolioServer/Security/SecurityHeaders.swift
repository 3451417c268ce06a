/// The headers every response carries, and the stricter ones for content users put in the container.
enum SecurityHeaders {
    /// The app's own pages: only its own scripts, styles and images; no framing by others.
    static let appPolicy =
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; "
        + "connect-src 'self'; frame-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
        + "frame-ancestors 'none'"

    /// Files from the container (HTML, SVG, anything): a sandboxed, opaque origin with no scripts,
    /// which only the app itself may frame.
    static let userContentPolicy =
        "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'self'"

    /// Adds the common headers, and the app policy unless the response set its own.
    static func apply(to response: inout HTTPResponse) {
        response.headers.set("X-Content-Type-Options", "nosniff")
        response.headers.set("Referrer-Policy", "no-referrer")
        response.headers.set("Cross-Origin-Opener-Policy", "same-origin")
        response.headers.set("Cross-Origin-Resource-Policy", "same-origin")
        if response.headers["Content-Security-Policy"] == nil {
            response.headers.set("Content-Security-Policy", appPolicy)
        }
        if response.headers["Cache-Control"] == nil {
            response.headers.set("Cache-Control", "no-store")
        }
    }
}
