import FolioDatabase
import FolioHTTP
import FolioSandbox

/// `folio serve` in one call: the Folio app on an HTTP server.
public final class WebAppServer: Sendable {
    /// The app being served.
    public let app: FolioWebApp
    /// The HTTP server.
    public let server: HTTPServer

    /// The port the server listens on.
    public var port: Int { server.port }

    /// Serves `container` on `host`:`port` (0 picks a free port), guarded by `token`.
    ///
    /// - Parameter queryTimeLimit: how long the SQL of one request to `/api/db/` may run.
    /// - Throws: ``ServerError`` when the address cannot be used.
    public init(
        container: Container, host: String, port: Int, token: String,
        queryTimeLimit: Duration = QueryLimits.defaultTimeLimit
    ) throws {
        // The app needs the real port for its Host checks: bind first when asked for any port.
        let server: HTTPServer
        let app: FolioWebApp
        if port == 0 {
            let placeholder = DeferredResponder()
            server = try HTTPServer(host: host, port: 0, responder: placeholder)
            app = try FolioWebApp(
                container: container, token: token, host: host, port: server.port, queryTimeLimit: queryTimeLimit)
            placeholder.responder.withLock { $0 = app }
        } else {
            app = try FolioWebApp(
                container: container, token: token, host: host, port: port, queryTimeLimit: queryTimeLimit)
            server = try HTTPServer(host: host, port: port, responder: app)
        }
        self.app = app
        self.server = server
        try app.startEvents()
    }

    /// Stops the server.
    public func stop() {
        app.stopEvents()
        server.stop()
    }
}
