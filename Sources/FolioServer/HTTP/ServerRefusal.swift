import Foundation

/// A request the server itself refuses before any handler sees it, answered in the JSON shape the
/// API uses for errors: `{"error": {"code", "message", "status"}}`.
struct ServerRefusal: Error, Encodable {
    let status: Int
    let code: String
    let message: String
    /// Whether the connection must close after the answer (the rest of what the client sent on it
    /// cannot be trusted to start a request).
    let closesConnection: Bool

    private enum CodingKeys: String, CodingKey {
        case status, code, message
    }

    /// The answer.
    var response: HTTPResponse {
        var response = HTTPResponse.json(["error": self], status: status)
        if closesConnection {
            response.headers.set("Connection", "close")
        }
        if status == 503 {
            response.headers.set("Retry-After", "1")
        }
        return response
    }

    /// 400: the request's framing is ambiguous (RFC 9112 §6.3).
    static func badFraming(_ message: String) -> ServerRefusal {
        ServerRefusal(status: 400, code: "badFraming", message: message, closesConnection: true)
    }

    /// 501: a transfer coding the server does not implement.
    static func unsupportedTransferCoding(_ coding: String) -> ServerRefusal {
        ServerRefusal(
            status: 501, code: "unsupportedTransferCoding",
            message: "the transfer coding '\(coding)' is not supported (only chunked is)", closesConnection: true)
    }

    /// 400: a NUL byte in the request line, which would otherwise cut the path short.
    static let nulInRequestLine = ServerRefusal(
        status: 400, code: "badRequestLine", message: "the request line contains a NUL byte", closesConnection: true)

    /// 503: every connection the server allows is busy.
    static let tooManyConnections = ServerRefusal(
        status: 503, code: "tooManyConnections",
        message: "the server has as many connections open as it allows; try again in a moment", closesConnection: true)

    /// 503: every worker is busy and the queue of slow requests is full.
    static let busy = ServerRefusal(
        status: 503, code: "busy",
        message: "the server is busy with as many slow requests as it takes; try again in a moment",
        closesConnection: false)

    /// 503: the server is stopping.
    static let stopping = ServerRefusal(
        status: 503, code: "stopping", message: "the server is stopping", closesConnection: true)
}
