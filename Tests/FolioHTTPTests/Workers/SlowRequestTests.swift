import FolioHTTP
import FolioTestSupport
import Foundation
import Synchronization
import Testing

/// Slow requests are answered on the worker pool: they never hold the threads that serve other
/// connections, they are cancelled when their client goes away or the server stops, and stopping
/// never waits for them for long.
@Suite struct SlowRequestTests {
    private func limits(threads: UInt32 = 1, workers: Int = 4, queued: Int = 8) -> HTTPServer.Limits {
        var limits = HTTPServer.Limits()
        limits.threads = threads
        limits.workers = workers
        limits.queuedSlowRequests = queued
        limits.stopGrace = .milliseconds(200)
        return limits
    }

    private func get(_ path: String, on connection: RawHTTPConnection) {
        connection.send("GET \(path) HTTP/1.1\r\nHost: h\r\n\r\n")
    }

    @Test func otherRequestsAreAnsweredWhileSlowOnesWork() throws {
        let handler = EchoServer()
        defer { handler.release() }
        let server = try handler.start(limits: limits(threads: 1))
        let slow = try (0..<2).map { _ in try RawHTTPConnection(port: server.port) }
        for connection in slow { get("/slow", on: connection) }
        #expect(eventually(within: 5) { handler.started.load(ordering: .relaxed) == 2 })
        let other = try RawHTTPConnection(port: server.port)
        get("/quick", on: other)
        #expect(other.response(within: 2)?.text == "GET quick  0 -")
        handler.release()
        for connection in slow {
            #expect(connection.response()?.text == "worked")
        }
    }

    @Test func aClientThatGoesAwayCancelsItsSlowRequest() throws {
        let handler = EchoServer()
        defer { handler.release() }
        let server = try handler.start(limits: limits())
        let connection = try RawHTTPConnection(port: server.port)
        get("/slow", on: connection)
        #expect(eventually(within: 5) { handler.started.load(ordering: .relaxed) == 1 })
        connection.close()
        #expect(eventually(within: 3) { handler.cancelled.load(ordering: .relaxed) == 1 })
        #expect(server.port > 0)
    }

    @Test func stoppingCancelsSlowRequestsAndDoesNotWaitForThoseThatIgnoreIt() throws {
        let handler = EchoServer()
        defer { handler.release() }
        let server = try handler.start(limits: limits())
        let honouring = try RawHTTPConnection(port: server.port)
        get("/slow", on: honouring)
        let stubborn = try RawHTTPConnection(port: server.port)
        get("/stubborn", on: stubborn)
        let events = try RawHTTPConnection(port: server.port)
        get("/events", on: events)
        #expect(events.waitFor("retry: 2000"))
        #expect(eventually(within: 5) { handler.started.load(ordering: .relaxed) == 2 })
        let started = Date()
        server.stop()
        #expect(Date().timeIntervalSince(started) < 1.5)
        let cancellations = handler.cancellations.withLock { $0 }
        #expect(cancellations.count == 2 && cancellations.allSatisfy { $0.isCancelled })
        #expect(handler.cancelled.load(ordering: .relaxed) == 1)
        for connection in [honouring, stubborn, events] {
            #expect(connection.closesWithin(2))
        }
    }

    @Test func slowRequestsBeyondTheQueueAreAnswered503() throws {
        let handler = EchoServer()
        defer { handler.release() }
        let server = try handler.start(limits: limits(threads: 2, workers: 1, queued: 1))
        let working = try RawHTTPConnection(port: server.port)
        get("/slow", on: working)
        #expect(eventually(within: 5) { handler.started.load(ordering: .relaxed) == 1 })
        // Of two more, one waits its turn and the other, whichever comes second, is refused at once.
        let more = try (0..<2).map { _ in try RawHTTPConnection(port: server.port) }
        for connection in more { get("/slow", on: connection) }
        var refused: (index: Int, response: RawHTTPConnection.Response)?
        #expect(
            eventually(within: 3) {
                for (index, connection) in more.enumerated() {
                    if let response = connection.response(within: 0.05) { refused = (index, response) }
                }
                return refused != nil
            })
        let response = try #require(refused).response
        #expect(response.status == 503)
        #expect(response.headers["retry-after"] == "1")
        #expect(response.text.contains("\"code\":\"busy\""))
        handler.release()
        #expect(working.response()?.text == "worked")
        #expect(more[1 - (refused?.index ?? 0)].response()?.text == "worked")
    }

    @Test func aSlowUploadIsFinishedOnTheWorkerPool() throws {
        let server = try HTTPServer(
            host: "127.0.0.1", port: 0, responder: SlowUploads().application, limits: limits(threads: 1))
        let upload = try RawHTTPConnection(port: server.port)
        upload.send("PUT /file HTTP/1.1\r\nHost: h\r\nContent-Length: 5\r\n\r\nhello")
        // The upload's finish waits for this request, which the one connection thread must read.
        let ping = try RawHTTPConnection(port: server.port)
        get("/ping", on: ping)
        #expect(ping.response()?.text == "pong")
        #expect(upload.response()?.text == "finished 5 bytes after the ping")
    }
}

/// Uploads whose finish waits (up to 5 s) for a request to `/ping`.
private final class SlowUploads: Sendable {
    private let pinged = NSCondition()
    private let hasPinged = Atomic(false)

    final class Receiver: UploadReceiver {
        let uploads: SlowUploads
        var count = 0
        init(uploads: SlowUploads) { self.uploads = uploads }
        func receive(_ chunk: RawSpan) throws { count += chunk.byteCount }
        func finish() throws -> HTTPResponse {
            let deadline = Date(timeIntervalSinceNow: 5)
            uploads.pinged.lock()
            defer { uploads.pinged.unlock() }
            while !uploads.hasPinged.load(ordering: .relaxed) && uploads.pinged.wait(until: deadline) {}
            return .text(
                "finished \(count) bytes \(uploads.hasPinged.load(ordering: .relaxed) ? "after" : "without") the ping")
        }
        func cancel() {}
    }

    var application: HTTPApplication {
        HTTPApplication(
            router: Router([
                Route(
                    .put, "/file", summary: "an upload", cost: .slow, upload: { [self] _ in Receiver(uploads: self) }),
                Route(.get, "/ping", summary: "lets the upload finish") { [self] _ in
                    pinged.lock()
                    hasPinged.store(true, ordering: .relaxed)
                    pinged.broadcast()
                    pinged.unlock()
                    return .text("pong")
                },
            ]))
    }
}
