import Foundation

/// What answers the server's requests.
///
/// The server calls ``prepare(_:)`` once the request line and headers have arrived, to learn how
/// to take the body, then ``respond(to:)`` (or the upload receiver's `finish`) once it has.
public protocol HTTPHandler: Sendable {
    /// How to receive the body of `request` (whose ``HTTPRequest/body`` is still empty).
    func prepare(_ request: HTTPRequest) -> RequestPlan
    /// The answer to a request whose body (if any) was received in memory.
    func respond(to request: HTTPRequest) -> HTTPResponse
}

/// How the server receives a request's body, and where it works out the answer.
public enum RequestPlan {
    /// Into memory, up to `limit` bytes; a larger body is answered 413 without reading it all.
    case buffer(limit: Int, cost: Cost = .cheap)
    /// Chunk by chunk into a receiver, with bounded memory whatever the size; `cost` is that of
    /// the receiver's `finish`.
    case stream(any UploadReceiver, cost: Cost = .cheap)
    /// Not at all: answer with this response now (for example 401 or 413 from the headers).
    case respond(HTTPResponse)

    /// How long working out an answer may take, which decides the thread that does it.
    public enum Cost: Sendable {
        /// Answered at once on the thread that read the request: the common request, with nothing
        /// in between (a page of the document list, an asset, a download sent by the kernel).
        case cheap
        /// Answered on the server's worker pool while the connection waits suspended, so that work
        /// that can take long (a query, the parse of a big file, a walk of a big tree, a call to
        /// another server) never holds the threads that serve every other connection. The
        /// request's ``HTTPRequest/cancellation`` is set if the client goes away meanwhile.
        case slow
    }
}

/// Takes a request body in chunks as it arrives (a streamed upload).
public protocol UploadReceiver: AnyObject {
    /// Takes the next chunk; throwing stops the upload and ``finish(error:)`` gets the error.
    func receive(_ chunk: UnsafeRawBufferPointer) throws
    /// The whole body has arrived (or receiving failed with `error`): the answer.
    func finish(error: (any Error)?) -> HTTPResponse
    /// The connection closed before the body was complete: discard what was received.
    func cancel()
}
