import FolioSystem
import Foundation
import Synchronization

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
    private enum State {
        case connecting
        case connected(SocketConnection)
        case closed
    }

    private let host: String
    private let port: Int
    private let name: String
    private let continuation: AsyncStream<LocationSourceEvent>.Continuation
    private let state = Mutex(State.connecting)

    init(host: String, port: Int, name: String, continuation: AsyncStream<LocationSourceEvent>.Continuation) {
        self.host = host
        self.port = port
        self.name = name
        self.continuation = continuation
    }

    /// Stops reading: shuts the connection down so the blocked read returns.
    func close() {
        state.withLock { state in
            if case .connected(let connection) = state {
                connection.shutdown()
            }
            state = .closed
        }
    }

    func run() {
        defer { continuation.finish() }
        let connection: SocketConnection
        do {
            connection = try SocketConnection.connect(host: host, port: port)
        } catch {
            let reason = error.call == "getaddrinfo" ? "cannot resolve \(host)" : "cannot connect"
            continuation.yield(.failure(failure(reason, error)))
            return
        }
        let closedEarly = state.withLock { state -> Bool in
            guard case .connecting = state else { return true }
            state = .connected(connection)
            return false
        }
        guard !closedEarly else { return }
        do {
            try connection.send(Array(GPSDProtocol.watchCommand.utf8))
        } catch {
            continuation.yield(.failure(failure("could not send the WATCH command", error)))
            return
        }
        var parser = GPSDProtocol()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let received = Result { () throws(SystemError) in try connection.receive(into: &buffer) }
            let stopped = state.withLock { state in
                if case .closed = state { return true }
                return false
            }
            if stopped { return }
            let count: Int
            switch received {
            case .success(0):
                continuation.yield(.failure(failure("gpsd closed the connection")))
                return
            case .success(let received):
                count = received
            case .failure(let error):
                continuation.yield(.failure(failure("reading failed", error)))
                return
            }
            for report in parser.feed(buffer[0..<count]) {
                deliver(report)
            }
        }
    }

    private func deliver(_ report: GPSDProtocol.Report) {
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
                        reason: "gpsd reported a position without a time (the receiver has given no date yet)")))
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

    /// A `.connectionFailed` error: `reason`, then what the system said, with its error number.
    private func failure(_ reason: String, _ error: SystemError? = nil) -> LocationError {
        let errno = error.map(\.errno.rawValue).flatMap { $0 == 0 ? nil : $0 }
        return LocationError(
            .connectionFailed, operation: "connect to gpsd", subject: "\(host):\(port)",
            reason: error.map { "\(reason): \($0.reason)" } ?? reason, errno: errno)
    }
}
