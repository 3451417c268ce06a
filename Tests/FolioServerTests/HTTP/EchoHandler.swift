import FolioServer
import Foundation
import Synchronization

/// A handler for the server's own tests: echoes requests, counts streamed uploads, serves an event
/// stream, and has slow routes that take as long as a test says.
///
/// - `/slow`: answered on the worker pool; works until ``release()`` or until the request is
///   cancelled, checking every few milliseconds as a query's progress handler does.
/// - `/stubborn`: answered on the worker pool; works until ``release()``, ignoring cancellation
///   (as a query does that never checks).
final class EchoHandler: HTTPHandler {
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

    func prepare(_ request: HTTPRequest) -> RequestPlan {
        switch request.pathComponents?.first {
        case "upload":
            .stream(CountingReceiver(handler: self, cancellation: request.cancellation))
        case "early": .respond(.text("refused before the body", status: 401))
        case "slow", "stubborn": .buffer(limit: 1024, cost: .slow)
        default: .buffer(limit: 1024)
        }
    }

    func respond(to request: HTTPRequest) -> HTTPResponse {
        switch request.pathComponents?.first {
        case "events":
            return HTTPResponse(
                headers: HTTPHeaders([("Content-Type", "text/event-stream")]), body: .events(hub.subscribe()))
        case "slow", "stubborn":
            return work(request, honoursCancellation: request.pathComponents?.first == "slow")
        default:
            let components = request.pathComponents.map { $0.joined(separator: "|") } ?? "malformed"
            let query = request.query.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
                .joined(separator: "&")
            return .text(
                "\(request.method) \(components) \(query) \(request.body.count) \(request.headers["X-Test"] ?? "-")")
        }
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
                return .text("cancelled", status: 499)
            }
            _ = gate.wait(until: Date(timeIntervalSinceNow: 0.005))
        }
        return .text("worked")
    }
}

final class CountingReceiver: UploadReceiver {
    let handler: EchoHandler
    var count = 0
    init(handler: EchoHandler, cancellation: RequestCancellation) {
        self.handler = handler
        handler.cancellations.withLock { $0.append(cancellation) }
    }
    func receive(_ chunk: UnsafeRawBufferPointer) throws { count += chunk.count }
    func finish(error: (any Error)?) -> HTTPResponse {
        handler.uploaded.withLock { $0 = count }
        return .text("received \(count)")
    }
    func cancel() {}
}
