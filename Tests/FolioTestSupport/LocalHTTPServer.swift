import Foundation
import Glibc

/// A real HTTP server on 127.0.0.1 (Python's `http.server`, started per test) that answers fixed
/// routes: for testing clients against a server that speaks HTTP, not a mock of one.
public final class LocalHTTPServer: @unchecked Sendable {
    // Safety: all stored properties are set in init and never change.

    /// One route's answer.
    public struct Response: Sendable {
        public var status: Int
        public var body: String
        /// Repeat `body` this many times (for large responses without large test strings).
        public var repeatCount: Int
        public var contentType: String

        public init(status: Int = 200, body: String, repeatCount: Int = 1, contentType: String = "text/plain") {
            self.status = status
            self.body = body
            self.repeatCount = repeatCount
            self.contentType = contentType
        }
    }

    /// The port the server listens on.
    public let port: Int
    private let process: Subprocess
    private let requestLog: String
    private let exchangeLog: String

    /// One request as the server saw it: its path, its `User-Agent` and when it arrived (seconds
    /// since 1970, the server's clock).
    public struct Exchange: Sendable, Decodable {
        public var path: String
        public var userAgent: String
        public var time: Double
    }

    /// The server's base URL, `http://127.0.0.1:PORT`.
    public var baseURL: URL {
        URL(string: "http://127.0.0.1:\(port)") ?? URL(fileURLWithPath: "/")
    }

    /// Starts a server answering `routes` (path with query → response); other paths get 404.
    public init(routes: [String: Response]) throws {
        let directory = TemporaryDirectory(prefix: "folio-http")
        let routesFile = directory.appending("routes.json")
        requestLog = directory.appending("requests.log")
        exchangeLog = directory.appending("exchanges.log")
        let encoded = routes.mapValues {
            ["status": "\($0.status)", "body": $0.body, "repeat": "\($0.repeatCount)", "type": $0.contentType]
        }
        try JSONSerialization.data(withJSONObject: encoded).write(to: URL(fileURLWithPath: routesFile))
        var pipe: [Int32] = [0, 0]
        guard Glibc.pipe(&pipe) == 0 else { throw POSIXError(.EMFILE) }
        defer { close(pipe[0]) }
        do {
            defer { close(pipe[1]) }
            process = try Subprocess(
                "python3", ["-c", LocalHTTPServer.script, routesFile, requestLog, exchangeLog],
                standardOutput: pipe[1])
        }
        var line = [UInt8]()
        var byte: UInt8 = 0
        while read(pipe[0], &byte, 1) == 1 && byte != 0x0A {
            line.append(byte)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self)) else {
            process.kill()
            process.wait()
            throw CocoaError(.fileReadCorruptFile)
        }
        self.port = port
        self.directoryKeeper = directory
    }

    private let directoryKeeper: TemporaryDirectory

    deinit {
        process.kill()
        process.wait()
    }

    /// The request paths the server has answered, in order.
    public var requests: [String] {
        ((try? String(contentsOfFile: requestLog, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    /// Every request the server has answered, in order, with its `User-Agent` and arrival time.
    public var exchanges: [Exchange] {
        let text = (try? String(contentsOfFile: exchangeLog, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap {
            try? JSONDecoder().decode(Exchange.self, from: Data($0.utf8))
        }
    }

    private static let script = """
        import http.server, json, sys, time
        routes = json.load(open(sys.argv[1]))
        log = open(sys.argv[2], "a", buffering=1)
        exchanges = open(sys.argv[3], "a", buffering=1)
        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                arrived = time.time()
                log.write(self.path + "\\n")
                exchanges.write(json.dumps({"path": self.path, "userAgent": self.headers.get("User-Agent", ""), "time": arrived}) + "\\n")
                route = routes.get(self.path)
                if route is None:
                    self.send_response(404); self.send_header("Content-Length", "0"); self.end_headers(); return
                body = route["body"].encode() * int(route["repeat"])
                self.send_response(int(route["status"]))
                self.send_header("Content-Type", route["type"])
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
            def log_message(self, *args):
                pass
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        print(server.server_address[1], flush=True)
        server.serve_forever()
        """
}
