import FolioHTTP
import FolioTestSupport
import Foundation
import Synchronization
import Testing

@Suite struct HTTPServerTests {
    private func curl(_ arguments: [String], input: String = "") throws -> String {
        try Subprocess.run("curl", ["-s", "-S", "--max-time", "10"] + arguments, input: input).output
    }

    @Test func answersWithDecodedComponentsQueryAndHeaders() throws {
        let server = try EchoServer().start()
        let base = "http://127.0.0.1:\(server.port)"
        #expect(
            try curl(["-H", "X-Test: yes", "\(base)/a/b%20c/d%2Fe?q=1+2&x=%C3%A9"]) == "GET a|b c|d/e q=1 2&x=é 0 yes")
        #expect(try curl(["-X", "POST", "--data-binary", "hello", "\(base)/post"]) == "POST post  5 -")
    }

    @Test func aBodyOverTheLimitIsRefusedWith413() throws {
        let server = try EchoServer().start()
        let directory = TemporaryDirectory()
        let big = directory.appending("big")
        #expect(FileManager.default.createFile(atPath: big, contents: Data(count: Route.Body.json.limit + 1)))
        let answer = try curl([
            "-w", " %{http_code}", "--data-binary", "@\(big)", "http://127.0.0.1:\(server.port)/post",
        ])
        #expect(answer.hasSuffix(" 413"))
        #expect(answer.contains(#""code":"tooLarge""#))
    }

    @Test func streamsUploadsOfAnySizeToAReceiver() throws {
        let handler = EchoServer()
        let server = try handler.start()
        let directory = TemporaryDirectory()
        let file = directory.appending("big")
        let size = 20 << 20
        #expect(FileManager.default.createFile(atPath: file, contents: Data(count: size)))
        let answer = try curl(["-T", file, "http://127.0.0.1:\(server.port)/upload"])
        #expect(answer == "received \(size)")
        #expect(handler.uploaded.withLock { $0 } == size)
    }

    @Test func anUploadWhoseClientGoesAwayIsCancelled() throws {
        let handler = EchoServer()
        let server = try handler.start()
        let connection = try RawHTTPConnection(port: server.port)
        connection.send("PUT /upload HTTP/1.1\r\nHost: h\r\nContent-Length: 1000\r\n\r\nonly part of it")
        #expect(eventually(within: 5) { handler.cancellations.withLock { $0.count } == 1 })
        let cancellation = try #require(handler.cancellations.withLock { $0.first })
        #expect(!cancellation.isCancelled)
        connection.close()
        #expect(eventually(within: 5) { cancellation.isCancelled })
    }

    @Test func aCompletedRequestIsNotCancelled() throws {
        let handler = EchoServer()
        let server = try handler.start()
        let connection = try RawHTTPConnection(port: server.port)
        connection.send("PUT /upload HTTP/1.1\r\nHost: h\r\nContent-Length: 4\r\n\r\nabcd")
        #expect(connection.response()?.text == "received 4")
        connection.close()
        let cancellation = try #require(handler.cancellations.withLock { $0.first })
        #expect(!eventually(within: 0.5) { cancellation.isCancelled })
    }

    @Test func canAnswerBeforeTheBody() throws {
        let server = try EchoServer().start()
        let status = try curl([
            "-o", "/dev/null", "-w", "%{http_code}", "--data-binary", "x", "http://127.0.0.1:\(server.port)/early",
        ])
        #expect(status == "401")
    }

    @Test func deliversServerSentEventsToSuspendedConnections() throws {
        let handler = EchoServer()
        let server = try handler.start()
        let directory = TemporaryDirectory()
        let output = directory.appending("events")
        let fd = open(output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        defer { close(fd) }
        let client = try Subprocess(
            "curl", ["-s", "-N", "--max-time", "10", "http://127.0.0.1:\(server.port)/events"], standardOutput: fd)
        // Wait until the client is subscribed, then publish while its connection is suspended.
        for _ in 0..<500 where handler.hub.subscriberCount == 0 { usleep(10_000) }
        try #require(handler.hub.subscriberCount == 1)
        usleep(100_000)
        handler.hub.publish("created", data: "{\"name\":\"a\"}")
        handler.hub.publish("deleted", data: "line one\nline two", id: "7")
        var text = ""
        for _ in 0..<500 where !text.contains("line two") {
            usleep(10_000)
            text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        }
        client.kill()
        client.wait()
        #expect(text.contains("event: created\ndata: {\"name\":\"a\"}\n\n"))
        #expect(text.contains("id: 7\nevent: deleted\ndata: line one\ndata: line two\n\n"))
    }

    @Test func refusesAnAddressThatIsNotAnIP() {
        let error = #expect(throws: ServerError.self) {
            try HTTPServer(host: "localhost", port: 0, responder: EchoServer().application)
        }
        #expect(error?.code == .cannotListen)
    }
}
