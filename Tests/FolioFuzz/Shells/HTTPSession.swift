import Foundation
import Glibc

/// A running `folio serve` and the requests sent to it.
final class HTTPSession: ShellSession {
    let home: String
    let folio: String
    let directory: String
    private var server: ChildProcess?
    private var port = 0
    private var restarts = 0

    init(home: String, folio: String, directory: String) {
        self.home = home
        self.folio = folio
        self.directory = directory
    }

    /// Starts the server and waits for the address it prints (standard output goes to a file,
    /// so that nothing the server prints later can fail on a closed pipe).
    func startServer() throws {
        let outputPath = directory + "/server-stdout.txt"
        let outputFile = open(outputPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        let errorFile = open(directory + "/server-stderr.txt", O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        defer {
            close(outputFile)
            close(errorFile)
        }
        let process = try ChildProcess(
            folio, ["--home", home, "serve", "--port", "0"],
            environment: ChildEnvironment.make(["FOLIO_TOKEN": HTTPTarget.token]), standardOutput: outputFile,
            standardError: errorFile)
        let deadline = ContinuousClock.now + .seconds(30)
        while ContinuousClock.now < deadline && process.poll() == nil {
            let text = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
            if let range = text.range(of: "http://127.0.0.1:"), let end = text[range.upperBound...].firstIndex(of: "/"),
                let port = Int(text[range.upperBound..<end])
            {
                self.port = port
                self.server = process
                return
            }
            usleep(5_000)
        }
        process.kill(SIGKILL)
        let ended = process.wait()
        throw HarnessError("folio serve did not print its address (\(ended))")
    }

    func run(_ input: [UInt8], limits: Limits) -> ShellOutcome {
        guard let server, server.poll() == nil else {
            return restartAfter("the server had ended before this request")
        }
        let request = HTTPSession.fill(input, port: port)
        let answer = HTTPSession.exchange(request, port: port, timeout: .seconds(1))
        if let ended = server.poll() {
            return .failed(.crash, "folio serve ended with \(ended) on this request; \(restartNote())")
        }
        if let resident = server.residentMemory, resident > limits.memory {
            server.kill(SIGKILL)
            _ = server.wait()
            return .failed(
                .memory, "folio serve at \(resident >> 20) MiB resident after this request; \(restartNote())")
        }
        guard let status = answer.status else {
            if answer.timedOut {
                // No answer in time: a hang only if the server answers nothing else either.
                let probe = HTTPSession.exchange(HTTPSession.probe(port: port), port: port, timeout: limits.timeout)
                if probe.status == nil {
                    server.kill(SIGKILL)
                    _ = server.wait()
                    return .failed(.hang, "folio serve stopped answering after this request; \(restartNote())")
                }
                return .passed(refused: true, code: "no answer in 1 s (server still serving)", leaksControls: false)
            }
            return .passed(refused: true, code: "closed without an answer", leaksControls: false)
        }
        if status == 429 {
            // Too many wrong tokens: start afresh, so later requests reach the routes again.
            server.kill(SIGTERM)
            _ = server.wait()
            self.server = nil
        }
        return .passed(
            refused: status >= 400, code: "HTTP \(status)", leaksControls: false,
            peakMemory: server.residentMemory ?? 0)
    }

    func stop() {
        server?.kill(SIGTERM)
        if let server, server.wait(timeout: .seconds(5), memory: .max).killedFor != nil {
            _ = server.wait()
        }
    }

    private func restartAfter(_ reason: String) -> ShellOutcome {
        do {
            try startServer()
            restarts += 1
            return .passed(refused: true, code: "server restarted", leaksControls: false)
        } catch {
            return .failed(.exit, "\(reason), and it cannot be started again: \(error)")
        }
    }

    private func restartNote() -> String {
        self.server = nil
        return "the server is started again for the next case"
    }

    static func fill(_ input: [UInt8], port: Int) -> [UInt8] {
        let marker = Array("{PORT}".utf8)
        let value = Array(String(port).utf8)
        var output: [UInt8] = []
        output.reserveCapacity(input.count)
        var index = 0
        while index < input.count {
            if input[index] == marker[0], input[index...].starts(with: marker) {
                output += value
                index += marker.count
            } else {
                output.append(input[index])
                index += 1
            }
        }
        return output
    }

    static func probe(port: Int) -> [UInt8] {
        Array(
            "GET /api/info HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nCookie: folio_token=\(HTTPTarget.token)\r\nConnection: close\r\n\r\n"
                .utf8)
    }

    /// Sends `request` on a new connection, closes the sending side, and reads the status line
    /// of the answer, waiting at most `timeout` for the server to finish it.
    static func exchange(_ request: [UInt8], port: Int, timeout: Duration) -> (status: Int?, timedOut: Bool) {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard socket >= 0 else { return (nil, false) }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { return (nil, false) }
        var sent = 0
        while sent < request.count {
            let count = request.withUnsafeBytes {
                send(socket, $0.baseAddress?.advanced(by: sent), request.count - sent, Int32(MSG_NOSIGNAL))
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            sent += count
        }
        shutdown(socket, Int32(SHUT_WR))
        let deadline = ContinuousClock.now + timeout
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let left = deadline - ContinuousClock.now
            guard left > .zero else { return (status(of: answer), true) }
            // Once the status line is in, the handler has run: stop when the rest is slow to come
            // (a connection the server keeps alive), rather than waiting out the timeout.
            let known = status(of: answer)
            let wait = known == nil ? max(1, left / .milliseconds(1)) : 100
            var poller = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(wait))
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { return (known, known == nil) }
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, 1 << 16, 0) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return (status(of: answer), false) }
            if answer.count < 64 { answer += buffer[..<min(count, 64)] }
        }
    }

    private static func status(of answer: [UInt8]) -> Int? {
        let text = String(decoding: answer.prefix(64), as: UTF8.self)
        guard text.hasPrefix("HTTP/") else { return nil }
        let fields = text.split(separator: " ", maxSplits: 2)
        return fields.count > 1 ? Int(fields[1]) : nil
    }
}
