import FolioHTTP
import Foundation
import Synchronization

/// Routes for the server's own tests: they echo requests, count streamed uploads, serve an event
/// stream, and have slow routes that take as long as a test says.
///
/// - `/slow`: answered on the worker pool; works until ``release()`` or until the request is
///   cancelled, checking every few milliseconds as a query's progress handler does.
/// - `/stubborn`: answered on the worker pool; works until ``release()``, ignoring cancellation
///   (as a query does that never checks).
/// - `/upload`: a streamed upload, counted; `/early`: refused (401) before the body is read.
/// - anything else: `METHOD components query bodySize X-Test`.
final class EchoServer: Sendable {
    let hub = EventHub()
    let uploaded = Mutex(0)
    /// Slow requests that started working.
    let started = Atomic(0)
    /// Slow requests that ended because they were cancelled.
    let cancelled = Atomic(0)
    /// The cancellation of every slow request and upload seen.
    let cancellations = Mutex<[RequestCancellation]>([])
    private let gate = NSCondition()
    private let isReleased = Atomic(false)

    /// Lets every slow request finish.
    func release() {
        gate.lock()
        isReleased.store(true, ordering: .relaxed)
        gate.broadcast()
        gate.unlock()
    }

    /// The application the routes make.
    var application: HTTPApplication {
        let echo: Route.Action = { request in EchoServer.echo(request) }
        var routes: [Route] = [
            Route(
                .put, "/upload", summary: "counts a streamed upload",
                upload: { [self] request in CountingReceiver(server: self, cancellation: request.request.cancellation) }
            ),
            Route(.get, "/events", summary: "an event stream") { [hub] _ in
                HTTPResponse(
                    headers: HTTPHeaders([("Content-Type", "text/event-stream")]), body: .events(hub.subscribe()))
            },
            Route(.get, "/slow", summary: "works until released or cancelled", cost: .slow) { [self] request in
                work(request.request, honoursCancellation: true)
            },
            Route(.get, "/stubborn", summary: "works until released", cost: .slow) { [self] request in
                work(request.request, honoursCancellation: false)
            },
        ]
        for method in [HTTPMethod.get, .post, .put, .delete] {
            routes.append(Route(method, "/{path...}", summary: "echoes", body: .json, action: echo))
        }
        return HTTPApplication(router: Router(routes), middleware: [RefuseEarly()])
    }

    /// A server on a free port of 127.0.0.1.
    func start(limits: HTTPServer.Limits = HTTPServer.Limits()) throws -> HTTPServer {
        try HTTPServer(host: "127.0.0.1", port: 0, responder: application, limits: limits)
    }

    static func echo(_ routed: RouteRequest) -> HTTPResponse {
        let request = routed.request
        let components = request.pathComponents.map { $0.joined(separator: "|") } ?? "malformed"
        let query = request.query.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "&")
        return .text(
            "\(request.method) \(components) \(query) \(request.body.count) \(request.headers["X-Test"] ?? "-")")
    }

    private func work(_ request: HTTPRequest, honoursCancellation: Bool) -> HTTPResponse {
        cancellations.withLock { $0.append(request.cancellation) }
        started.add(1, ordering: .relaxed)
        let deadline = Date(timeIntervalSinceNow: 30)
        gate.lock()
        defer { gate.unlock() }
        while !isReleased.load(ordering: .relaxed) && Date() < deadline {
            if honoursCancellation && request.cancellation.isCancelled {
                cancelled.add(1, ordering: .relaxed)
                return .text("cancelled", status: HTTPStatus(499))
            }
            _ = gate.wait(until: Date(timeIntervalSinceNow: 0.005))
        }
        return .text("worked")
    }
}

/// Answers `/early` from the head, before its body is read.
private struct RefuseEarly: HTTPMiddleware {
    func check(_ request: HTTPRequest) throws -> HTTPResponse? {
        request.pathComponents == ["early"] ? .text("refused before the body", status: .unauthorized) : nil
    }
}

final class CountingReceiver: UploadReceiver {
    let server: EchoServer
    var count = 0

    init(server: EchoServer, cancellation: RequestCancellation) {
        self.server = server
        server.cancellations.withLock { $0.append(cancellation) }
    }

    func receive(_ chunk: RawSpan) throws { count += chunk.byteCount }

    func finish() throws -> HTTPResponse {
        server.uploaded.withLock { $0 = count }
        return .text("received \(count)")
    }

    func cancel() {}
}
