/// An error that knows how it is answered: the status, and the response a route's failure becomes.
///
/// Whatever a route, an upload or a middleware throws is answered through this protocol (as
/// Hummingbird's `HTTPResponseError` does): an error type conforms once, in one place, and no
/// route picks a status for it. An error that does not conform is answered 500 (``HTTPError/internal(_:)``).
///
/// ```swift
/// extension LookupError: HTTPResponseError {
///     public func status(for request: HTTPRequest) -> HTTPStatus { code == .missing ? .notFound : .badRequest }
/// }
/// ```
public protocol HTTPResponseError: Error {
    /// The status this error is answered with, for the request that failed: a conflict is 412 for a
    /// conditional request and 409 for another, say.
    func status(for request: HTTPRequest) -> HTTPStatus
    /// The whole answer: by default the status, with the error's description as plain text.
    func response(for request: HTTPRequest) -> HTTPResponse
}

extension HTTPResponseError {
    public func response(for request: HTTPRequest) -> HTTPResponse {
        .text("\(self)", status: status(for: request))
    }
}

extension Error {
    /// The answer to a request that failed with this error: the error's own if it is an
    /// ``HTTPResponseError``, else 500.
    func response(for request: HTTPRequest) -> HTTPResponse {
        let answerable = (self as? any HTTPResponseError) ?? HTTPError.internal(self)
        return answerable.response(for: request)
    }
}
