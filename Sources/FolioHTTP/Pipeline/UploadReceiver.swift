/// Takes a request body in chunks as it arrives (a streamed upload), and answers once it has.
///
/// Made by an upload route (``Route/init(_:_:summary:query:cost:upload:)``) when the request's head
/// has arrived. The server calls ``receive(_:)`` for each chunk as it comes off the connection, then
/// ``finish()`` once, or ``cancel()`` if the body will not be complete. A receiver belongs to one
/// request and is called by one thread at a time.
public protocol UploadReceiver: AnyObject {
    /// Takes the next chunk; throwing stops the upload: ``cancel()`` is called and the error is
    /// the answer. The chunk is valid only during the call.
    func receive(_ chunk: RawSpan) throws
    /// The whole body has arrived: the answer (throwing answers the error; the receiver discards
    /// what it received itself).
    func finish() throws -> HTTPResponse
    /// The body will not be complete (the connection closed, or receiving failed): discard what
    /// was received.
    func cancel()
}
