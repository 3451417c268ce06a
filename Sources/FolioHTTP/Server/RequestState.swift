/// One request's state between the server's callbacks: the exchange that answers it, and what
/// the connection holds meanwhile — a streamed body (an event stream, a response made as it is
/// sent), or a slow request on the worker pool.
final class RequestState {
    var exchange: HTTPExchange
    /// The connection's record in the server's ``ConnectionGuard``.
    let record: ConnectionRecord?
    /// Whether the whole body arrived (or none was to be read).
    var isFinished = false
    var stream: (any StreamedBody)?
    /// The server context that lists this request's streamed body while it is open.
    var streamOwner: ServerContext?
    /// The answer being worked out on the worker pool.
    var slow: SlowRequest?

    init(exchange: HTTPExchange, record: ConnectionRecord?) {
        self.exchange = exchange
        self.record = record
    }

    /// Takes a chunk of the body, valid only during the call.
    func receive(_ chunk: UnsafeRawBufferPointer) {
        exchange.receive(RawSpan(_unsafeBytes: chunk))
    }

    /// The request is over: answered, or failed (`isAnswered` false: the client went away, the
    /// connection failed or timed out, or the server stopped), which cancels it and discards an
    /// unfinished upload.
    func complete(isAnswered: Bool) {
        if !isAnswered {
            exchange.request.cancellation.cancel()
        }
        if !isFinished {
            exchange.cancel()
        }
        if let stream {
            stream.close()
            streamOwner?.closed(stream)
        }
        record?.endRequest(now: ConnectionGuard.now())
    }
}
