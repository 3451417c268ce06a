import FolioServer
import FolioTestSupport
import Foundation
import Synchronization
import Testing

/// A handler that echoes requests, counts streamed uploads and serves an event stream.
private final class EchoHandler: HTTPHandler {
    let hub = EventHub()
    let uploaded = Mutex(0)

    func prepare(_ request: HTTPRequest) -> RequestPlan {
        switch request.pathComponents?.first {
        case "upload": .stream(CountingReceiver(handler: self))
        case "early": .respond(.text("refused before the body", status: 401))
        default: .buffer(limit: 1024)
        }
    }

    func respond(to request: HTTPRequest) -> HTTPResponse {
        if request.pathComponents == ["events"] {
            return HTTPResponse(
                headers: HTTPHeaders([("Content-Type", "text/event-stream")]), body: .events(hub.subscribe()))
        }
        let components = request.pathComponents.map { $0.joined(separator: "|") } ?? "malformed"
        let query = request.query.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "&")
        return .text(
            "\(request.method) \(components) \(query) \(request.body.count) \(request.headers["X-Test"] ?? "-")")
    }
}

private final class CountingReceiver: UploadReceiver {
    let handler: EchoHandler
    var count = 0
    init(handler: EchoHandler) { self.handler = handler }
    func receive(_ chunk: UnsafeRawBufferPointer) throws { count += chunk.count }
    func finish(error: (any Error)?) -> HTTPResponse {
        handler.uploaded.withLock { $0 = count }
        return .text("received \(count)")
    }
    func cancel() {}
}

@Suite struct HTTPServerTests {
    private func curl(_ arguments: [String], input: String = "") throws -> String {
        try Subprocess.run("curl", ["-s", "-S", "--max-time", "10"] + arguments, input: input).output
    }

    @Test func answersWithDecodedComponentsQueryAndHeaders() throws {
        let server = try HTTPServer(host: "127.0.0.1", port: 0, handler: EchoHandler())
        let base = "http://127.0.0.1:\(server.port)"
        #expect(
            try curl(["-H", "X-Test: yes", "\(base)/a/b%20c/d%2Fe?q=1+2&x=%C3%A9"]) == "GET a|b c|d/e q=1 2&x=é 0 yes")
        #expect(try curl(["-X", "POST", "--data-binary", "hello", "\(base)/post"]) == "POST post  5 -")
    }

    @Test func aBodyOverTheLimitIsRefusedWith413() throws {
        let server = try HTTPServer(host: "127.0.0.1", port: 0, handler: EchoHandler())
        let big = String(repeating: "x", count: 5000)
        let status = try curl([
            "-o", "/dev/null", "-w", "%{http_code}", "--data-binary", big, "http://127.0.0.1:\(server.port)/post",
        ])
        #expect(status == "413")
    }

    @Test func streamsUploadsOfAnySizeToAReceiver() throws {
        let handler = EchoHandler()
        let server = try HTTPServer(host: "127.0.0.1", port: 0, handler: handler)
        let directory = TemporaryDirectory()
        let file = directory.appending("big")
        let size = 20 << 20
        #expect(FileManager.default.createFile(atPath: file, contents: Data(count: size)))
        let answer = try curl(["-T", file, "http://127.0.0.1:\(server.port)/upload"])
        #expect(answer == "received \(size)")
        #expect(handler.uploaded.withLock { $0 } == size)
    }

    @Test func canAnswerBeforeTheBody() throws {
        let server = try HTTPServer(host: "127.0.0.1", port: 0, handler: EchoHandler())
        let status = try curl([
            "-o", "/dev/null", "-w", "%{http_code}", "--data-binary", "x", "http://127.0.0.1:\(server.port)/early",
        ])
        #expect(status == "401")
    }

    @Test func deliversServerSentEventsToSuspendedConnections() throws {
        let handler = EchoHandler()
        let server = try HTTPServer(host: "127.0.0.1", port: 0, handler: handler)
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
        #expect(throws: ServerError.self) { try HTTPServer(host: "localhost", port: 0, handler: EchoHandler()) }
    }
}
