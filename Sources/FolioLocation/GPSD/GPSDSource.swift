import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// gpsd, the Linux location daemon, as a ``LocationSource``: connects to it over TCP, asks for
/// JSON reports, and turns each `TPV` into a reading.
///
/// A `TPV` without a fix is reported as a `.noFix` failure; so is a connection that fails or
/// closes, which ends the source. Stopping the consumer closes the connection.
///
/// ```swift
/// let manager = LocationManager(source: GPSDSource(host: "127.0.0.1", port: 2947))
/// ```
public struct GPSDSource: LocationSource {
    /// gpsd's host name or address.
    public var host: String
    /// gpsd's TCP port (2947 by default).
    public var port: Int

    /// gpsd at `host:port`.
    public init(host: String = "127.0.0.1", port: Int = 2947) {
        self.host = host
        self.port = port
    }

    /// Parses `HOST:PORT`, `HOST` or `[IPv6]:PORT`.
    ///
    /// - Throws: ``LocationError`` `.invalidArgument`.
    public init(parsing text: String) throws(LocationError) {
        var host = text
        var port = 2947
        if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
            host = String(text[text.index(after: text.startIndex)..<close])
            let rest = text[text.index(after: close)...]
            if rest.hasPrefix(":") {
                guard let value = Int(rest.dropFirst()), (1...65_535).contains(value) else {
                    throw LocationError(
                        .invalidArgument, operation: "read gpsd address", subject: text,
                        reason: "the port is not 1…65535")
                }
                port = value
            }
        } else if let colon = text.lastIndex(of: ":") {
            host = String(text[..<colon])
            guard let value = Int(text[text.index(after: colon)...]), (1...65_535).contains(value) else {
                throw LocationError(
                    .invalidArgument, operation: "read gpsd address", subject: text, reason: "the port is not 1…65535")
            }
            port = value
        }
        guard !host.isEmpty else {
            throw LocationError(.invalidArgument, operation: "read gpsd address", subject: text, reason: "no host")
        }
        self.init(host: host, port: port)
    }

    public var name: String { "gpsd at \(host):\(port)" }

    public func events() -> AsyncStream<LocationSourceEvent> {
        let (stream, continuation) = AsyncStream<LocationSourceEvent>.makeStream()
        let connection = GPSDConnection(host: host, port: port, name: name, continuation: continuation)
        continuation.onTermination = { _ in connection.close() }
        let thread = Thread { connection.run() }
        thread.name = "gpsd client"
        thread.start()
        return stream
    }
}

/// One TCP connection to gpsd, read on its own thread; the protocol logic is ``GPSDProtocol``.
final class GPSDConnection: Sendable {
    private let host: String
    private let port: Int
    private let name: String
    private let continuation: AsyncStream<LocationSourceEvent>.Continuation
    /// The socket while connected; -2 once closed by the consumer.
    private let socket = Mutex<Int32>(-1)

    init(host: String, port: Int, name: String, continuation: AsyncStream<LocationSourceEvent>.Continuation) {
        self.host = host
        self.port = port
        self.name = name
        self.continuation = continuation
    }

    /// Stops reading: shuts the socket down so the blocked read returns.
    func close() {
        socket.withLock { descriptor in
            if descriptor >= 0 {
                _ = shutdown(descriptor, Int32(SHUT_RDWR))
            }
            descriptor = -2
        }
    }

    func run() {
        defer { continuation.finish() }
        let descriptor: Int32
        do {
            descriptor = try connect()
        } catch {
            continuation.yield(.failure(error))
            return
        }
        let closedEarly = socket.withLock { current -> Bool in
            guard current != -2 else { return true }
            current = descriptor
            return false
        }
        defer { Glibc.close(descriptor) }
        guard !closedEarly else { return }
        let command = Array(GPSDProtocol.watchCommand.utf8)
        let sent = command.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        guard sent == command.count else {
            continuation.yield(.failure(failure("could not send the WATCH command: \(Self.errorText(errno))")))
            return
        }
        var parser = GPSDProtocol()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count < 0 && errno == EINTR { continue }
            let stopped = socket.withLock { $0 == -2 }
            if stopped { return }
            guard count > 0 else {
                let reason = count == 0 ? "gpsd closed the connection" : "reading failed: \(Self.errorText(errno))"
                continuation.yield(.failure(failure(reason)))
                return
            }
            for report in parser.feed(buffer[0..<count]) {
                switch report {
                case .location(let location, _):
                    continuation.yield(.reading(location))
                case .noFix(let device):
                    continuation.yield(
                        .failure(
                            LocationError(
                                .noFix, operation: "read gpsd",
                                subject: LocationError.quoted(device ?? name, limit: 80),
                                reason: "the receiver has no position fix")))
                case .untimed(let device):
                    continuation.yield(
                        .failure(
                            LocationError(
                                .missingTime, operation: "read gpsd",
                                subject: LocationError.quoted(device ?? name, limit: 80),
                                reason: "gpsd reported a position without a time (the receiver has given no date yet)"))
                    )
                case .error(let message):
                    continuation.yield(
                        .failure(
                            LocationError(
                                .malformed, operation: "watch", subject: name,
                                reason: LocationError.quoted(message, limit: 200))))
                case .malformed(let error):
                    continuation.yield(.failure(error))
                case .version, .other:
                    break
                }
            }
        }
    }

    private func connect() throws(LocationError) -> Int32 {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            throw failure("cannot resolve \(host): \(String(cString: gai_strerror(status)))")
        }
        defer { freeaddrinfo(list) }
        var lastError: Int32 = 0
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let current = entry {
            let descriptor = Glibc.socket(
                current.pointee.ai_family, current.pointee.ai_socktype | Int32(SOCK_CLOEXEC.rawValue),
                current.pointee.ai_protocol)
            if descriptor >= 0 {
                if Glibc.connect(descriptor, current.pointee.ai_addr, current.pointee.ai_addrlen) == 0 {
                    return descriptor
                }
                lastError = errno
                Glibc.close(descriptor)
            } else {
                lastError = errno
            }
            entry = current.pointee.ai_next
        }
        throw failure("cannot connect: \(Self.errorText(lastError))")
    }

    private func failure(_ reason: String) -> LocationError {
        LocationError(.connectionFailed, operation: "connect to gpsd", subject: "\(host):\(port)", reason: reason)
    }

    private static func errorText(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
