import FolioTestSupport
import Foundation
import Glibc
import Testing

/// `folio serve` under abuse, as a separate process on loopback: endless queries, a flood of
/// trickling connections, wrong tokens, and Ctrl-C or SIGTERM whatever is going on.
@Suite struct ServeCommandTests {
    static let queryPath = "/api/db/Library/Database/financial.db/query"
    static let endlessQuery =
        #"{"sql":"WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c) SELECT x FROM c WHERE x < 0"}"#

    /// Starts two endless queries; the connections they wait on.
    private func startEndlessQueries(on server: ServeProcess) throws -> [RawHTTPConnection] {
        let queries = try (0..<2).map { _ in try RawHTTPConnection(port: server.port) }
        for query in queries {
            query.send(server.request("POST", ServeCommandTests.queryPath, body: ServeCommandTests.endlessQuery))
        }
        return queries
    }

    @Test func otherRequestsAreAnsweredWhileTwoEndlessQueriesRun() throws {
        let server = try ServeProcess()
        let queries = try startEndlessQueries(on: server)
        // Still running (a query that failed would have answered at once).
        for query in queries {
            #expect(query.response(within: 0.5) == nil)
        }
        for target in [
            "/api/documents?limit=50", "/api/info", "/", "/api/db/Library/Database/financial.db/tables",
            "/api/files/Documents",
        ] {
            let connection = try RawHTTPConnection(port: server.port)
            connection.send(server.request("GET", target))
            #expect(connection.response(within: 3)?.status == 200, "\(target)")
        }
    }

    @Test(arguments: ["SIGTERM", "SIGINT"])
    func stopsWithinTwoSecondsWhateverIsGoingOn(_ signalName: String) throws {
        let server = try ServeProcess { home in
            try FileManager.default.createDirectory(atPath: home + "/tmp", withIntermediateDirectories: true)
            #expect(FileManager.default.createFile(atPath: home + "/tmp/big", contents: Data(count: 64 << 20)))
        }
        let queries = try startEndlessQueries(on: server)
        let events = try RawHTTPConnection(port: server.port)
        events.send(server.request("GET", "/api/events"))
        #expect(events.waitFor("retry: 2000"))
        let upload = try RawHTTPConnection(port: server.port)
        upload.send(
            "PUT /api/files/tmp/upload HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n"
                + "Cookie: folio_token=\(ServeProcess.token)\r\nX-Folio-Request: 1\r\nContent-Length: 104857600\r\n\r\n"
        )
        upload.send([UInt8](repeating: 0x61, count: 1 << 20))
        let download = try RawHTTPConnection(port: server.port)
        download.send(server.request("GET", "/api/files/tmp/big?raw=1"))
        #expect(download.waitFor("\r\n\r\n"))
        let trickling = try (0..<50).map { _ in try RawHTTPConnection(port: server.port) }
        for connection in trickling { connection.send("GET /api/info HTTP/1.1\r\nHost: 127.0.0.1\r\n") }
        let idle = try RawHTTPConnection(port: server.port)
        idle.send(server.request("GET", "/api/info"))
        #expect(idle.response()?.status == 200)
        for query in queries {
            #expect(query.response(within: 0.2) == nil)
        }

        let started = Date()
        server.signal(signalName == "SIGINT" ? SIGINT : SIGTERM)
        let status = server.exitStatus(within: 10)
        let elapsed = Date().timeIntervalSince(started)
        #expect(status == 0)
        #expect(elapsed < 2, "stopped after \(elapsed) s")
        #expect(server.printedText.hasSuffix("Stopped.\n"))
        #expect(!FileManager.default.fileExists(atPath: server.home + "/tmp/upload"))
    }

    @Test func aSecondCtrlCStopsAtOnce() throws {
        let server = try ServeProcess()
        // Queries stop as soon as stopping cancels them, so something must hold the server while it
        // stops: the queries wait for a lock another program holds, in SQLite's busy wait, which
        // no cancellation reaches.
        let database = server.home + "/Library/Database/financial.db"
        let lock = try DatabaseLock(database)
        defer { lock.release() }
        let queries = try startEndlessQueries(on: server)
        // Both queries have opened the database and wait for the lock.
        #expect(eventually(within: 10) { DatabaseLock.openCount(of: database) >= 3 })
        for query in queries {
            #expect(query.response(within: 0.2) == nil)
        }
        server.signal(SIGINT)
        // Stopping has begun once the server says so; then the second Ctrl-C, while the queries
        // still hold it (they wait out SQLite's five-second busy timeout).
        #expect(eventually(within: 3) { server.printedText.contains("Stopping…") })
        let started = Date()
        server.signal(SIGINT)
        #expect(server.exitStatus(within: 5) == 1)
        #expect(Date().timeIntervalSince(started) < 0.5)
        #expect(server.printedText.contains("folio serve: stopped at once on a second signal\n"))
    }

    @Test func aRequestSucceedsWhile1200ConnectionsTrickleTheirHeads() throws {
        try #require(RawHTTPConnection.allowDescriptors(1500))
        let server = try ServeProcess()
        var trickling: [RawHTTPConnection] = []
        for _ in 0..<1200 {
            let connection = try RawHTTPConnection(port: server.port)
            connection.send("GET /api/info HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n")
            trickling.append(connection)
        }
        for _ in 0..<3 {
            for connection in trickling { connection.send("X-Trickle: 1\r\n") }
            usleep(100_000)
        }
        let owner = try RawHTTPConnection(port: server.port)
        owner.send(server.request("GET", "/api/documents?limit=50"))
        #expect(owner.response(within: 2)?.status == 200)
        // The server keeps no more of them than one client may have waiting.
        #expect(eventually(within: 3) { trickling.filter { !$0.isClosedByPeer }.count <= 128 })
    }

    @Test func raisesALowDescriptorLimitSoEveryConnectionFits() throws {
        let server = try ServeProcess(descriptors: (soft: 256, hard: 8192))
        #expect(server.descriptorLimit == 8192)
        let connection = try RawHTTPConnection(port: server.port)
        connection.send(server.request("GET", "/api/info"))
        #expect(connection.response()?.status == 200)
    }

    @Test func wrongTokensFromAnyLoopbackAddressNeverLockTheOwnerOut() throws {
        let server = try ServeProcess()
        var statuses: [Int?] = []
        for attempt in 0..<25 {
            let guesser = try RawHTTPConnection(port: server.port, from: "127.0.0.\(2 + attempt % 5)")
            guesser.send("GET /api/info?token=guess\(attempt) HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n")
            statuses.append(guesser.response()?.status)
        }
        #expect(statuses.prefix(20).allSatisfy { $0 == 401 })
        #expect(statuses.suffix(5).allSatisfy { $0 == 429 })
        let another = try RawHTTPConnection(port: server.port, from: "127.0.0.99")
        another.send("GET /api/info HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nCookie: folio_token=guess\r\n\r\n")
        #expect(another.response()?.status == 429)
        let owner = try RawHTTPConnection(port: server.port)
        owner.send(server.request("GET", "/api/info"))
        #expect(owner.response()?.status == 200)
        owner.send("GET /?token=\(ServeProcess.token) HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n")
        #expect(owner.response()?.status == 303)
    }
}

/// An exclusive lock on a database, held by the real `sqlite3` shell until released.
private final class DatabaseLock {
    private let process: Subprocess
    private let input: Int32

    /// Starts `sqlite3 path`, begins an exclusive transaction and waits until it holds the lock
    /// (the shell then touches a file: its printed output would wait in its buffer).
    init(_ path: String) throws {
        var toShell: [Int32] = [0, 0]
        guard pipe(&toShell) == 0 else { throw POSIXError(.EMFILE) }
        // Close-on-exec, so that the shell does not hold its own input open.
        _ = fcntl(toShell[1], F_SETFD, FD_CLOEXEC)
        input = toShell[1]
        process = try Subprocess("sqlite3", [path], standardInput: toShell[0])
        close(toShell[0])
        let held = path + ".held"
        let command = Array("BEGIN EXCLUSIVE;\n.system touch '\(held)'\n".utf8)
        _ = command.withUnsafeBytes { write(input, $0.baseAddress, $0.count) }
        guard eventually(within: 10, { FileManager.default.fileExists(atPath: held) }) else {
            release()
            throw POSIXError(.ETIMEDOUT)
        }
    }

    /// How many descriptors of any process are open on `path` (the shell's is one of them).
    static func openCount(of path: String) -> Int {
        let processes = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return processes.filter { $0.allSatisfy(\.isNumber) }.reduce(0) { count, process in
            let directory = "/proc/\(process)/fd"
            let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            return count
                + descriptors.filter {
                    (try? FileManager.default.destinationOfSymbolicLink(atPath: directory + "/" + $0)) == path
                }.count
        }
    }

    /// Ends the shell, which releases the lock.
    func release() {
        close(input)
        process.wait()
    }
}
