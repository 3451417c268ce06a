import FolioHTTP
import FolioTestSupport
import Foundation
import Testing

/// Requests whose framing two parties could read differently (RFC 9112 §6), and request lines
/// with a NUL byte, sent byte for byte to a real server.
@Suite struct RequestFramingTests {
    struct Case: Sendable, CustomStringConvertible {
        var description: String
        var request: String
        var status: Int
        var code: String
    }

    static let refused: [Case] = [
        Case(
            description: "two different Content-Length values",
            request: "POST /post HTTP/1.1\r\nHost: h\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhellox",
            status: 400, code: "badFraming"),
        Case(
            description: "Content-Length with Transfer-Encoding: chunked",
            request:
                "POST /post HTTP/1.1\r\nHost: h\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
            status: 400, code: "badFraming"),
        Case(
            description: "an unknown transfer coding",
            request: "POST /post HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: gzip\r\n\r\nxxxx", status: 501,
            code: "unsupportedTransferCoding"),
        Case(
            description: "an unknown coding before chunked",
            request: "POST /post HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n",
            status: 501, code: "unsupportedTransferCoding"),
        Case(
            description: "chunked twice",
            request:
                "POST /post HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
            status: 400, code: "badFraming"),
        Case(
            description: "a NUL in the path",
            request: "GET /a.txt\u{0}.png HTTP/1.1\r\nHost: h\r\n\r\n", status: 400, code: "badRequestLine"),
        Case(
            description: "a NUL in the query",
            request: "GET /a?x=1\u{0}y HTTP/1.1\r\nHost: h\r\n\r\n", status: 400, code: "badRequestLine"),
        Case(
            description: "a NUL in the method",
            request: "GET\u{0}X /a HTTP/1.1\r\nHost: h\r\n\r\n", status: 400, code: "badRequestLine"),
    ]

    @Test(arguments: refused)
    func isRefusedAndTheConnectionClosed(_ refused: Case) throws {
        let server = try EchoServer().start()
        let connection = try RawHTTPConnection(port: server.port)
        connection.send(refused.request)
        let response = try #require(connection.response())
        #expect(response.status == refused.status)
        #expect(response.text.contains("\"code\":\"\(refused.code)\""))
        #expect(connection.closesWithin(5))
    }

    @Test func aSmuggledRequestAfterConflictingLengthsIsNeverAnswered() throws {
        let server = try EchoServer().start()
        let connection = try RawHTTPConnection(port: server.port)
        connection.send(
            "POST /post HTTP/1.1\r\nHost: h\r\nContent-Length: 0\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "5\r\nhello\r\n0\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: h\r\n\r\n")
        #expect(connection.response()?.status == 400)
        #expect(connection.response(within: 1) == nil)
    }

    @Test func wellFramedRequestsKeepTheConnection() throws {
        let server = try EchoServer().start()
        let connection = try RawHTTPConnection(port: server.port)
        connection.send("POST /post HTTP/1.1\r\nHost: h\r\nContent-Length: 5\r\nContent-Length: 5\r\n\r\nhello")
        #expect(connection.response()?.text == "POST post  5 -")
        connection.send("POST /post HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: Chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n")
        #expect(connection.response()?.text == "POST post  3 -")
        connection.send("GET   /a%20b/c?x=1&y=%C3%A9&z HTTP/1.1\r\nHost: h\r\nX-Test: yes\r\n\r\n")
        #expect(connection.response()?.text == "GET a b|c x=1&y=é&z= 0 yes")
    }
}
