import FolioHTTP
import FolioTestSupport
import Foundation
import Synchronization
import Testing

/// A body sent many times is prepared for sending once; every response still goes out with its
/// own status and fields, and a new body is never answered with an old one.
@Suite struct SharedBytesTests {
    /// What the route answers with: the bytes, the status and the value of `X-Version`.
    private final class Answer: Sendable {
        let state: Mutex<(bytes: SharedBytes, status: HTTPStatus, version: String)>

        init(_ text: String) {
            state = Mutex((SharedBytes(Data(text.utf8)), .ok, "1"))
        }

        var application: HTTPApplication {
            HTTPApplication(
                router: Router([
                    Route(.get, "/page", summary: "a shared page") { [self] _ in
                        let (bytes, status, version) = state.withLock { $0 }
                        return HTTPResponse(
                            status: status, headers: HTTPHeaders([("X-Version", version)]), body: .shared(bytes))
                    }
                ]))
        }
    }

    /// The status code, the `X-Version` value and the body of one request.
    private func fetch(_ port: Int, method: String = "GET") throws -> (Int, String, String) {
        let flags = method == "HEAD" ? ["-I"] : ["-i"]
        let output = try Subprocess.run(
            "curl", ["-s", "-S", "--max-time", "10"] + flags + ["http://127.0.0.1:\(port)/page"]
        ).output
        let parts = output.components(separatedBy: "\r\n\r\n")
        let head = parts[0].components(separatedBy: "\r\n")
        let status = Int(head[0].split(separator: " ")[1]) ?? 0
        let version = head.first { $0.lowercased().hasPrefix("x-version:") }.map {
            $0.dropFirst("x-version:".count).trimmingCharacters(in: .whitespaces)
        }
        return (status, version ?? "-", parts.dropFirst().joined(separator: "\r\n\r\n"))
    }

    @Test func eachResponseGoesOutWithItsOwnStatusAndFields() throws {
        let answer = Answer("the page")
        let server = try HTTPServer(host: "127.0.0.1", port: 0, responder: answer.application)
        #expect(try fetch(server.port) == (200, "1", "the page"))
        #expect(try fetch(server.port) == (200, "1", "the page"), "sent again as prepared")
        answer.state.withLock { $0.version = "2" }
        #expect(try fetch(server.port) == (200, "2", "the page"), "the same bytes with another field")
        answer.state.withLock { $0.status = .created }
        #expect(try fetch(server.port) == (201, "2", "the page"), "the same bytes with another status")
    }

    @Test func newBytesAreNeverAnsweredWithOldOnes() throws {
        let answer = Answer("first")
        let server = try HTTPServer(host: "127.0.0.1", port: 0, responder: answer.application)
        #expect(try fetch(server.port) == (200, "1", "first"))
        answer.state.withLock { $0.bytes = SharedBytes(Data("second".utf8)) }
        #expect(try fetch(server.port) == (200, "1", "second"))
    }

    @Test func headGetsTheFieldsWithoutTheBody() throws {
        let answer = Answer("the page")
        let server = try HTTPServer(host: "127.0.0.1", port: 0, responder: answer.application)
        #expect(try fetch(server.port) == (200, "1", "the page"))
        #expect(try fetch(server.port, method: "HEAD") == (200, "1", ""))
        #expect(try fetch(server.port) == (200, "1", "the page"), "the page prepared for GET is still whole")
    }
}
