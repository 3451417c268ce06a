import FolioHTTP
import Synchronization

/// A responder whose real responder is set once the server has bound its port (for port 0, as
/// the app's Host checks need the port); until then every request is answered 503.
final class DeferredResponder: HTTPResponder {
    let responder = Mutex<(any HTTPResponder)?>(nil)

    func begin(_ request: HTTPRequest) -> HTTPExchange {
        guard let responder = responder.withLock({ $0 }) else {
            return HTTPExchange(answering: .text("starting", status: .serviceUnavailable), to: request)
        }
        return responder.begin(request)
    }
}
