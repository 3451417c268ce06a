import Foundation

/// A response to send.
public struct HTTPResponse: Sendable {
    /// Where the body comes from.
    public enum Body: Sendable {
        /// No body.
        case empty
        /// Bytes in memory.
        case bytes(Data)
        /// Bytes in memory sent as the body of many responses, prepared for sending once.
        case shared(SharedBytes)
        /// A range of an open file, sent by the kernel (`sendfile`) without passing through memory.
        /// The server reads from its own copy of the handle's descriptor, so the handle may be
        /// closed or released once the response is made.
        case file(FileHandle, offset: UInt64, length: UInt64)
        /// A stream of server-sent events that stays open.
        case events(EventSubscription)
        /// Bytes made while they are sent, chunked (see ``ResponseStream``).
        case stream(ResponseStream)
    }

    /// The status.
    public var status: HTTPStatus
    /// The header fields.
    public var headers: HTTPHeaders
    /// The body.
    public var body: Body

    /// A response with `status`, `headers` and `body`.
    public init(status: HTTPStatus = .ok, headers: HTTPHeaders = HTTPHeaders(), body: Body = .empty) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A response with `text` as its body and the given media type.
    public static func text(
        _ text: String, status: HTTPStatus = .ok, contentType: String = "text/plain; charset=utf-8"
    ) -> HTTPResponse {
        bytes(Data(text.utf8), status: status, contentType: contentType)
    }

    /// A response with `data` as its body and the given media type.
    public static func bytes(_ data: Data, status: HTTPStatus = .ok, contentType: String) -> HTTPResponse {
        var headers = HTTPHeaders()
        headers.set("Content-Type", contentType)
        return HTTPResponse(status: status, headers: headers, body: .bytes(data))
    }
}
