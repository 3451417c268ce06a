import FolioTestSupport
import Foundation
import Glibc

/// `folio serve` running as a user starts it: a child process on a free loopback port, with a
/// known token, over a container of its own.
final class ServeProcess {
    static let token = "serve-test-token"
    let directory = TemporaryDirectory()
    var home: String { directory.appending("home") }
    let port: Int
    private let process: Subprocess
    private let output: Int32
    private var printed: [UInt8] = []

    /// Starts the server (`prepare` runs first, on the Home) and waits for it to print its address;
    /// `descriptors` sets the limits on open descriptors it starts with (soft, hard).
    init(descriptors: (soft: Int, hard: Int)? = nil, prepare: (String) throws -> Void = { _ in }) throws {
        try FileManager.default.createDirectory(atPath: directory.appending("home"), withIntermediateDirectories: true)
        try prepare(directory.appending("home"))
        var pipe: [Int32] = [0, 0]
        guard Glibc.pipe(&pipe) == 0 else { throw POSIXError(.EMFILE) }
        output = pipe[0]
        defer { close(pipe[1]) }
        var environment = ProcessInfo.processInfo.environment
        environment["FOLIO_TOKEN"] = ServeProcess.token
        environment.removeValue(forKey: "FOLIO_HOME")
        var command = [FolioBinary.path, "--home", directory.appending("home"), "serve", "--port", "0"]
        if let descriptors {
            command = ["prlimit", "--nofile=\(descriptors.soft):\(descriptors.hard)"] + command
        }
        process = try Subprocess(
            command[0], Array(command.dropFirst()), environment: environment, standardOutput: pipe[1],
            standardError: pipe[1])
        let deadline = Date(timeIntervalSinceNow: 30)
        var found: Int?
        while found == nil, Date() < deadline,
            ServeProcess.read(pipe[0], into: &printed, timeout: deadline.timeIntervalSinceNow)
        {
            let text = String(decoding: printed, as: UTF8.self)
            if let range = text.range(of: #"127\.0\.0\.1:(\d+)/\?token="#, options: .regularExpression) {
                found = Int(text[range].dropFirst("127.0.0.1:".count).prefix { $0.isNumber })
            }
        }
        guard let found else {
            process.kill(SIGKILL)
            process.wait()
            close(output)
            throw POSIXError(.ETIMEDOUT)
        }
        port = found
    }

    deinit {
        if process.isRunning {
            process.kill(SIGKILL)
        }
        process.wait()
        close(output)
    }

    /// Reads what the server printed within `timeout` seconds; false once it closed its output.
    private static func read(_ output: Int32, into printed: inout [UInt8], timeout: Double) -> Bool {
        var entry = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
        guard poll(&entry, 1, Int32(max(0, timeout * 1000))) > 0 else { return true }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { Glibc.read(output, $0.baseAddress, $0.count) }
        guard count > 0 else { return false }
        printed += buffer[0..<count]
        return true
    }

    /// Everything the server printed so far.
    var printedText: String {
        while hasOutputWaiting, ServeProcess.read(output, into: &printed, timeout: 0) {}
        return String(decoding: printed, as: UTF8.self)
    }

    private var hasOutputWaiting: Bool {
        var entry = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 0) > 0
    }

    /// The server's limit on open descriptors now (the soft limit).
    var descriptorLimit: Int? {
        let limits = (try? String(contentsOfFile: "/proc/\(process.pid)/limits", encoding: .utf8)) ?? ""
        guard let line = limits.split(separator: "\n").first(where: { $0.hasPrefix("Max open files") }) else {
            return nil
        }
        return line.split(separator: " ", omittingEmptySubsequences: true).dropFirst(3).first.flatMap { Int($0) }
    }

    /// Sends `signal` to the server.
    func signal(_ signal: Int32) {
        process.kill(signal)
    }

    /// The server's exit status, if it exits within `timeout` seconds.
    func exitStatus(within timeout: Double) -> Int32? {
        eventually(within: timeout) { !process.isRunning } ? process.wait() : nil
    }

    /// A request with the token, as a browser that opened the printed address sends it.
    func request(_ method: String, _ target: String, body: String = "") -> String {
        var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
        head += "Cookie: folio_token=\(ServeProcess.token)\r\nX-Folio-Request: 1\r\n"
        if !body.isEmpty || method != "GET" {
            head += "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n"
        }
        return head + "\r\n" + body
    }
}
