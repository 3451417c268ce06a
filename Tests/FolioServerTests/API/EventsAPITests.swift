import FolioServer
import FolioTestSupport
import Foundation
import Testing

/// Live changes reach the browser as server-sent events, including changes made outside Folio.
@Suite struct EventsAPITests {
    @Test func aDocumentCreatedOnDiskArrivesAsAnEvent() throws {
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
                "-s", "-N", "--max-time", "20", "-H", "Authorization: Bearer t",
                "http://127.0.0.1:\(server.port)/api/events",
            ],
            standardOutput: fd)
        defer {
            client.kill()
            client.wait()
        }
        for _ in 0..<500 where server.app.events.subscriberCount == 0 { usleep(10_000) }
        try #require(server.app.events.subscriberCount == 1)
        try test.plant("Documents/From elsewhere.txt", "written by another program")
        var text = ""
        for _ in 0..<1000 where !text.contains("From elsewhere.txt") {
            usleep(10_000)
            text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        }
        #expect(
            text.contains("event: created\ndata: {\"name\":\"From elsewhere.txt\",\"type\":\"created\"}"), "\(text)")
    }
}
