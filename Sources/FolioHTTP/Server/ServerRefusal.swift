/// A request the server itself refuses before any route sees it, answered in the JSON shape of
/// ``HTTPError``: `{"error": {"code", "message", "status"}}`.
struct ServerRefusal: Error {
    /// The status, code and message.
    let error: HTTPError
    /// Whether the connection must close after the answer (the rest of what the client sent on it
    /// cannot be trusted to start a request).
    let closesConnection: Bool

    init(_ status: HTTPStatus, code: String, message: String, closesConnection: Bool) {
        self.error = HTTPError(status, code: code, message: message)
        self.closesConnection = closesConnection
    }

    /// The answer.
    var response: HTTPResponse {
        var response = error.response
        if closesConnection {
            response.headers.set("Connection", "close")
        }
        if error.status == .serviceUnavailable {
            response.headers.set("Retry-After", "1")
        }
        return response
    }

    /// 400: the request's framing is ambiguous (RFC 9112 §6.3).
    static func badFraming(_ message: String) -> ServerRefusal {
        ServerRefusal(.badRequest, code: "badFraming", message: message, closesConnection: true)
    }

    /// 501: a transfer coding the server does not implement, the answer RFC 9112 §6.1 requires
    /// for one it does not understand (only `chunked` is accepted).
    static func unsupportedTransferCoding(_ coding: String) -> ServerRefusal {
        ServerRefusal(
            .notImplemented, code: "unsupportedTransferCoding",
            message: "the transfer coding '\(coding)' is not supported (only chunked is)", closesConnection: true)
    }

    /// 400: a NUL byte in the request line, which would otherwise cut the path short.
    static let nulInRequestLine = ServerRefusal(
        .badRequest, code: "badRequestLine", message: "the request line contains a NUL byte", closesConnection: true)

    /// 503: every connection the server allows is busy.
    static let tooManyConnections = ServerRefusal(
        .serviceUnavailable, code: "tooManyConnections",
        message: "the server has as many connections open as it allows; try again in a moment", closesConnection: true)

    /// 503: every worker is busy and the queue of slow requests is full.
    static let busy = ServerRefusal(
        .serviceUnavailable, code: "busy",
        message: "the server is busy with as many slow requests as it takes; try again in a moment",
        closesConnection: false)

    /// 503: the server is stopping.
    static let stopping = ServerRefusal(
        .serviceUnavailable, code: "stopping", message: "the server is stopping", closesConnection: true)
}
