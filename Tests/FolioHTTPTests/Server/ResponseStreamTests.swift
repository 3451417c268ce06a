import FolioTestSupport
import Foundation
import Synchronization
import Testing

@testable import FolioHTTP

/// A body made while it is sent: whole when the producer finishes, broken when it fails, stopped
/// when the client goes away, never more than its capacity ahead of the client.
@Suite struct ResponseStreamTests {
    /// What the producers of one server did.
    final class Record: Sendable {
        let cancelled = Atomic(0)
        let written = Atomic(0)
        let gate = NSCondition()
        let isOpen = Atomic(false)

        func open() {
            gate.lock()
            isOpen.store(true, ordering: .relaxed)
            gate.broadcast()
            gate.unlock()
        }
    }

    /// The byte at `offset` of every stream here: a pattern that a reordered or lost chunk breaks.
    static func byte(at offset: Int) -> UInt8 { UInt8(truncatingIfNeeded: offset &* 31 &+ offset / 251) }

    private func start(_ record: Record) throws -> HTTPServer {
        let routes = [
            Route(.get, "/stream", summary: "20 MiB in pieces, with pauses that park the connection") { _ in
                HTTPResponse(
                    body: .stream(
                        ResponseStream(capacity: 256 << 10) { stream in
                            var offset = 0
                            for piece in 0..<80 {
                                let bytes = (offset..<offset + (256 << 10)).map(ResponseStreamTests.byte(at:))
                                try stream.write(bytes)
                                offset += bytes.count
                                if piece % 16 == 0 { usleep(20_000) }
                            }
                        }))
            },
            Route(.get, "/fail-later", summary: "fails after its first bytes") { _ in
                HTTPResponse(
                    body: .stream(
                        ResponseStream { stream in
                            try stream.write([UInt8](repeating: 0x61, count: 100_000))
                            usleep(50_000)
                            throw HTTPError.badRequest("gone wrong")
                        }))
            },
            Route(.get, "/fail-early", summary: "fails before any byte") { _ in
                let stream = try ResponseStream.started { _ in
                    throw HTTPError.badRequest("refused before the first byte")
                }
                return HTTPResponse(body: .stream(stream))
            },
            Route(.get, "/endless", summary: "writes until the client goes away") { [record] _ in
                HTTPResponse(
                    body: .stream(
                        ResponseStream(capacity: 64 << 10) { stream in
                            do {
                                while true {
                                    try stream.write([UInt8](repeating: 0x62, count: 16 << 10))
                                    record.written.add(16 << 10, ordering: .relaxed)
                                }
                            } catch {
                                record.cancelled.add(1, ordering: .relaxed)
                                throw error
                            }
                        }))
            },
            Route(.get, "/held", summary: "writes once, then waits for the gate") { [record] _ in
                HTTPResponse(
                    body: .stream(
                        ResponseStream { stream in
                            try stream.write(Array("first\n".utf8))
                            record.gate.lock()
                            while !record.isOpen.load(ordering: .relaxed) { record.gate.wait() }
                            record.gate.unlock()
                            try stream.write(Array("second\n".utf8))
                        }))
            },
        ]
        return try HTTPServer(
            host: "127.0.0.1", port: 0, responder: HTTPApplication(router: Router(routes), middleware: []))
    }

    @Test func aStreamArrivesWholeAndChunkedWhileTheProducerPauses() throws {
        let server = try start(Record())
        let directory = TemporaryDirectory()
        let output = directory.appending("body")
        let run = try Subprocess.run(
            "curl",
            [
                "-s", "-S", "--max-time", "30", "-D", directory.appending("head"), "-o", output,
                "http://127.0.0.1:\(server.port)/stream",
            ])
        #expect(run.status == 0, "\(run.error)")
        let head = try String(contentsOfFile: directory.appending("head"), encoding: .utf8).lowercased()
        #expect(head.contains("transfer-encoding: chunked"))
        let body = try Data(contentsOf: URL(fileURLWithPath: output))
        #expect(body.count == 80 * (256 << 10))
        let wrong = body.enumerated().first { ResponseStreamTests.byte(at: $0.offset) != $0.element }
        #expect(wrong == nil, "the first wrong byte is at \(wrong?.offset ?? -1)")
    }

    /// A producer that fails after its first bytes must not look like a whole download.
    @Test func aFailureAfterTheFirstBytesBreaksTheTransfer() throws {
        let server = try start(Record())
        let run = try Subprocess.run(
            "curl", ["-s", "-S", "--max-time", "10", "-o", "/dev/null", "http://127.0.0.1:\(server.port)/fail-later"])
        #expect(run.status == 18, "curl: \(run.status) \(run.error)")  // CURLE_PARTIAL_FILE
    }

    @Test func aFailureBeforeTheFirstByteIsAnsweredAsAnError() throws {
        let server = try start(Record())
        let run = try Subprocess.run(
            "curl",
            ["-s", "-S", "--max-time", "10", "-w", " %{http_code}", "http://127.0.0.1:\(server.port)/fail-early"])
        #expect(run.output.hasSuffix(" 400"), "\(run.output)")
        #expect(run.output.contains("refused before the first byte"))
    }

    @Test func theProducerStopsWhenTheClientGoesAwayAndNeverRunsFarAhead() throws {
        let record = Record()
        let server = try start(record)
        let connection = try RawHTTPConnection(port: server.port)
        #expect(connection.send("GET /endless HTTP/1.1\r\nHost: h\r\n\r\n"))
        #expect(eventually(within: 5) { record.written.load(ordering: .relaxed) > 0 })
        usleep(300_000)
        // Nothing is read: the producer waits with its buffer and the sockets' full.
        let stalled = record.written.load(ordering: .relaxed)
        usleep(300_000)
        #expect(record.written.load(ordering: .relaxed) == stalled)
        #expect(stalled < 16 << 20, "written \(stalled) bytes for a client that read none")
        connection.close()
        #expect(eventually(within: 10) { record.cancelled.load(ordering: .relaxed) == 1 })
    }

    @Test func theServerStopsWhileAStreamWaitsForItsProducer() throws {
        let record = Record()
        let server = try start(record)
        let connection = try RawHTTPConnection(port: server.port)
        #expect(connection.send("GET /held HTTP/1.1\r\nHost: h\r\n\r\n"))
        usleep(200_000)
        let started = Date()
        server.stop()
        #expect(Date().timeIntervalSince(started) < 5)
        record.open()
        connection.close()
    }

    @Test func collectGathersTheWholeBodyInProcess() throws {
        let stream = ResponseStream(capacity: 4) { stream in
            for word in ["one ", "two ", "three"] { try stream.write(Array(word.utf8)) }
        }
        #expect(String(decoding: try stream.collect(), as: UTF8.self) == "one two three")
    }
}
