import Foundation

/// What a server serves: answers each request in the two steps the server receives it in — its
/// head, then its body.
///
/// ``begin(_:)`` is called once the request line and headers have arrived and says how to take the
/// body and where to answer (an ``HTTPExchange``); the server then feeds it the body and completes
/// it. ``dispatch(_:)`` does all of that in one call, with the same code: tests and tools call it
/// directly with a whole request.
public protocol HTTPResponder: Sendable {
    /// The request's head has arrived (its ``HTTPRequest/body`` is still empty): what takes it on.
    func begin(_ request: HTTPRequest) -> HTTPExchange
}

extension HTTPResponder {
    /// Answers `request`, whose ``HTTPRequest/body`` holds the whole body, as the server would:
    /// the head through ``begin(_:)``, then the body in chunks, then the answer — on the calling
    /// thread, whatever the request's ``HTTPExchange/cost``.
    ///
    /// ```swift
    /// let response = app.dispatch(HTTPRequest(method: .get, target: "/api/documents?limit=50"))
    /// ```
    public func dispatch(_ request: HTTPRequest) -> HTTPResponse {
        var head = request
        head.body = Data()
        var exchange = begin(head)
        if let early = exchange.earlyResponse {
            return early
        }
        let body = request.body.bytes
        var offset = 0
        while offset < body.byteCount {
            let end = min(offset + HTTPExchange.chunkSize, body.byteCount)
            exchange.receive(body.extracting(offset..<end))
            offset = end
        }
        return exchange.complete()
    }
}
