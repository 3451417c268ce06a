import FolioHTTP
import FolioTestSupport
import Foundation
import Testing

/// One client cannot take every connection, and no connection waits forever: trickled heads meet
/// a deadline, a client's longest-waiting connection makes room for its next, the server says 503
/// when it is full, and a download of a file that shrinks ends.
@Suite struct ConnectionGuardTests {
    private func trickle(_ connections: [RawHTTPConnection], rounds: Int, every interval: useconds_t) {
        for _ in 0..<rounds {
            for connection in connections { connection.send("X") }
            usleep(interval)
        }
    }

    @Test func aHeadTrickledByteByByteIsCutOffAtTheDeadline() throws {
        var limits = HTTPServer.Limits()
        limits.headTimeout = .seconds(1)
        let server = try EchoServer().start(limits: limits)
        let connection = try RawHTTPConnection(port: server.port)
        connection.send("GET / HTTP/1.1\r\nHost: h\r\nX-Slow: ")
        let started = Date()
        var isOpen = true
        while isOpen && Date().timeIntervalSince(started) < 5 {
            // A byte every 100 ms would keep the idle timeout from ever running out.
            isOpen = connection.send("x") && !connection.closesWithin(0.1)
        }
        #expect(!isOpen)
        #expect(Date().timeIntervalSince(started) < 3)
    }

    @Test func aClientsLongestWaitingConnectionMakesRoomForItsNext() throws {
        var limits = HTTPServer.Limits()
        limits.waitingConnectionsPerClient = 4
        let server = try EchoServer().start(limits: limits)
        let trickling = try (0..<10).map { _ in try RawHTTPConnection(port: server.port) }
        for connection in trickling { connection.send("GET / HTTP/1.1\r\nHost: h\r\n") }
        trickle(trickling, rounds: 2, every: 50_000)
        // From another loopback address: the same client.
        let owner = try RawHTTPConnection(port: server.port, from: "127.0.0.2")
        owner.send("GET /owner HTTP/1.1\r\nHost: h\r\n\r\n")
        #expect(owner.response(within: 2)?.text == "GET owner  0 -")
        let ended = trickling.filter { $0.closesWithin(0.2) }.count
        #expect(ended >= 6)
    }

    @Test func pastTheConnectionLimitRequestsAreAnswered503() throws {
        var limits = HTTPServer.Limits()
        limits.connections = 3
        let handler = EchoServer()
        let server = try handler.start(limits: limits)
        let streams = try (0..<3).map { _ in try RawHTTPConnection(port: server.port) }
        for stream in streams {
            stream.send("GET /events HTTP/1.1\r\nHost: h\r\n\r\n")
            #expect(stream.waitFor("retry: 2000"))
        }
        let refused = try RawHTTPConnection(port: server.port)
        refused.send("GET /more HTTP/1.1\r\nHost: h\r\n\r\n")
        let response = try #require(refused.response())
        #expect(response.status == 503)
        #expect(response.headers["retry-after"] == "1")
        #expect(response.text.contains("\"code\":\"tooManyConnections\""))
        #expect(refused.closesWithin(2))
        streams[0].close()
        #expect(
            eventually(within: 3) {
                guard let connection = try? RawHTTPConnection(port: server.port) else { return false }
                connection.send("GET /again HTTP/1.1\r\nHost: h\r\n\r\n")
                return connection.response()?.status == 200
            })
    }

    @Test func aDownloadOfAFileThatShrinksWhileItIsSentEnds() throws {
        let directory = TemporaryDirectory()
        let path = directory.appending("big")
        #expect(FileManager.default.createFile(atPath: path, contents: Data(count: 64 << 20)))
        let download = Route(.get, "/big", summary: "a file sent by the kernel") { _ in
            guard let file = FileHandle(forReadingAtPath: path) else { throw HTTPError.notFound(path) }
            return HTTPResponse(body: .file(file, offset: 0, length: 64 << 20))
        }
        let server = try HTTPServer(
            host: "127.0.0.1", port: 0, responder: HTTPApplication(router: Router([download])))
        let connection = try RawHTTPConnection(port: server.port)
        connection.send("GET /big HTTP/1.1\r\nHost: h\r\n\r\n")
        #expect(connection.waitFor("\r\n\r\n"))
        #expect(truncate(path, 1 << 20) == 0)
        // Reading on: the socket's buffers hold some of the file still, then the server ends it.
        #expect(connection.closesWithin(5))
    }
}
