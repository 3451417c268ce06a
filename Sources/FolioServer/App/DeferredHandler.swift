import Synchronization

/// A handler whose real handler is set once the server has bound its port (for port 0).
final class DeferredHandler: HTTPHandler {
    let handler = Mutex<(any HTTPHandler)?>(nil)

    func prepare(_ request: HTTPRequest) -> RequestPlan {
        guard let handler = handler.withLock({ $0 }) else {
            return .respond(.text("starting", status: 503))
        }
        return handler.prepare(request)
    }

    func respond(to request: HTTPRequest) -> HTTPResponse {
        guard let handler = handler.withLock({ $0 }) else {
            return .text("starting", status: 503)
        }
        return handler.respond(to: request)
    }
}
