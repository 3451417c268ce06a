import FolioFiles
import FolioSandbox
import FolioTestSupport
import Foundation
import Synchronization
import Testing

@Suite struct DownloadTests {
    static func server() throws -> LocalHTTPServer {
        try LocalHTTPServer(routes: [
            "/textedition/index.html": .init(
                body: "<html><body>Hello from the web</body></html>", contentType: "text/html"),
            "/big": .init(body: String(repeating: "x", count: 1024), repeatCount: 2048),
            "/denied": .init(status: 403, body: "no"),
        ])
    }

    @Test func createsAFileInTmpFromAURL() throws {
        let server = try Self.server()
        let test = try TestContainer()
        let files = Files(test.container)
        let url = server.baseURL.appendingPathComponent("textedition/index.html")
        let result = try files.download(from: url, to: try SandboxPath(parsing: "tmp/file.html"))
        #expect(result.bytes == 44)
        #expect(result.contentType == "text/html")
        #expect(test.read("tmp/file.html") == "<html><body>Hello from the web</body></html>")
        #expect(try files.attributes(of: try SandboxPath(parsing: "tmp/file.html")).posixPermissions == 0o600)
    }

    @Test func anHTTPErrorIsAnErrorAndLeavesNoFile() throws {
        let server = try Self.server()
        let test = try TestContainer()
        let files = Files(test.container)
        for (path, status) in [("/missing", "404"), ("/denied", "403")] {
            let error = try #require(throws: FileError.self) {
                try files.download(
                    from: server.baseURL.appendingPathComponent(path), to: try SandboxPath(parsing: "tmp/x"))
            }
            #expect(error.code == .transferFailed)
            #expect(error.reason.contains(status))
        }
        #expect(!test.exists("tmp/x"))
    }

    @Test func theSizeLimitStopsALargeDownload() throws {
        let server = try Self.server()
        let test = try TestContainer()
        let error = try #require(throws: FileError.self) {
            try Files(test.container).download(
                from: server.baseURL.appendingPathComponent("big"), to: try SandboxPath(parsing: "tmp/big"),
                limit: 1 << 20)
        }
        #expect(error.code == .tooLarge)
        #expect(!test.exists("tmp/big"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: test.absolute("tmp")).isEmpty)
    }

    /// The bytes so far as they arrive, out of the size the server announced, up to the whole.
    @Test func reportsProgressInBytesWithTheAnnouncedTotal() throws {
        let server = try Self.server()
        let test = try TestContainer()
        let reports = Mutex<[DownloadProgress]>([])
        let result = try Files(test.container).download(
            from: server.baseURL.appendingPathComponent("big"), to: try SandboxPath(parsing: "tmp/big")
        ) { progress in reports.withLock { $0.append(progress) } }
        let seen = reports.withLock { $0 }
        #expect(result.bytes == 2 << 20)
        #expect(seen.count > 1)
        #expect(seen.allSatisfy { $0.total == 2 << 20 })
        #expect(seen.map(\.bytes) == seen.map(\.bytes).sorted())
        #expect(seen.last == DownloadProgress(bytes: 2 << 20, total: 2 << 20))
    }

    @Test func reportsTheProgressOfAFileURLWithItsSize() throws {
        let test = try TestContainer()
        let source = test.directory.appending("local.txt")
        try Data("local".utf8).write(to: URL(fileURLWithPath: source))
        let reports = Mutex<[DownloadProgress]>([])
        try Files(test.container).download(
            from: URL(fileURLWithPath: source), to: try SandboxPath(parsing: "tmp/local.txt")
        ) { progress in reports.withLock { $0.append(progress) } }
        #expect(reports.withLock { $0.last } == DownloadProgress(bytes: 5, total: 5))
    }

    @Test func anUnreachableServerIsATransferFailure() throws {
        let test = try TestContainer()
        let error = try #require(throws: FileError.self) {
            try Files(test.container).download(
                from: URL(string: "http://127.0.0.1:9/nothing")!, to: try SandboxPath(parsing: "tmp/x"), timeout: 5)
        }
        #expect(error.code == .transferFailed)
    }

    @Test func fileURLsAreCopiedAndOtherSchemesRefused() throws {
        let test = try TestContainer()
        let files = Files(test.container)
        let source = test.directory.appending("local.txt")
        try Data("local".utf8).write(to: URL(fileURLWithPath: source))
        try files.download(from: URL(fileURLWithPath: source), to: try SandboxPath(parsing: "tmp/local.txt"))
        #expect(test.read("tmp/local.txt") == "local")
        let error = try #require(throws: FileError.self) {
            try files.download(from: URL(string: "ftp://example.com/x")!, to: try SandboxPath(parsing: "tmp/y"))
        }
        #expect(error.code == .invalidArgument)
    }

    @Test func neverOverwritesUnlessReplacing() throws {
        let server = try Self.server()
        let test = try TestContainer()
        try test.plant("tmp/file.html", "mine")
        let url = server.baseURL.appendingPathComponent("textedition/index.html")
        let error = try #require(throws: FileError.self) {
            try Files(test.container).download(from: url, to: try SandboxPath(parsing: "tmp/file.html"))
        }
        #expect(error.code == .alreadyExists)
        #expect(test.read("tmp/file.html") == "mine")
    }
}
