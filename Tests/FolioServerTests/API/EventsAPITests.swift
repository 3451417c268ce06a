import FolioServer
import FolioTestSupport
import Foundation
import Testing

/// Live changes reach the browser as server-sent events, including changes made outside Folio.
@Suite struct EventsAPITests {
    @Test func aDocumentCreatedOnDiskArrivesAsAnEvent() async throws {
        let test = try TestContainer()
        let server = try WebAppServer(container: test.container, host: "127.0.0.1", port: 0, token: "t")
        defer { server.stop() }
        let directory = TemporaryDirectory()
        let output = directory.appending("events")
        let fd = open(output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        defer { close(fd) }
        let client = try Subprocess(
            "curl",
            [
                // The stream stays open for as long as the test may be kept waiting: with the
                // other suites' subprocesses on the machine's few cores, that can be minutes.
                "-s", "-N", "--max-time", "600", "-H", "Authorization: Bearer t",
                "http://127.0.0.1:\(server.port)/api/events",
            ],
            standardOutput: fd)
        defer {
            client.kill()
            client.wait()
        }
        // Wait without blocking a thread of the test runner: the event pump runs on the same pool.
        for _ in 0..<1000 where server.app.events.subscriberCount == 0 { try await Task.sleep(for: .milliseconds(10)) }
        try #require(server.app.events.subscriberCount == 1)
        try test.plant("Documents/From elsewhere.txt", "written by another program")
        var text = ""
        for _ in 0..<3000 where !text.contains("From elsewhere.txt") {
            try await Task.sleep(for: .milliseconds(10))
            text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        }
        #expect(
            text.contains("event: created\ndata: {\"name\":\"From elsewhere.txt\",\"type\":\"created\"}"), "\(text)")
    }
}
