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

/// How the server receives a request's body.
public enum RequestPlan {
    /// Into memory, up to `limit` bytes; a larger body is answered 413 without reading it all.
    case buffer(limit: Int)
    /// Chunk by chunk into a receiver, with bounded memory whatever the size.
    case stream(any UploadReceiver)
    /// Not at all: answer with this response now (for example 401 or 413 from the headers).
    case respond(HTTPResponse)
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
