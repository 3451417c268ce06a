import CMicroHTTPD
import Foundation
import Synchronization

/// An HTTP/1.1 server on libmicrohttpd: an epoll thread pool, suspended connections for
/// server-sent events, streamed uploads, and downloads sent by the kernel.
///
/// ```swift
/// let server = try HTTPServer(host: "127.0.0.1", port: 0, handler: app)
/// print(server.port)   // the port it bound
/// server.stop()
/// ```
public final class HTTPServer: Sendable {
    /// The limits the server enforces on every connection.
    public struct Limits: Sendable {
        /// Connections open at once.
        public var connections: UInt32 = 1024
        /// Seconds a connection may stay idle (event streams are exempt while suspended).
        public var idleTimeout: UInt32 = 60
        /// Threads answering requests.
        public var threads: UInt32 = UInt32(max(2, min(ProcessInfo.processInfo.activeProcessorCount, 8)))

        public init() {}
    }

    /// The address the server listens on.
    public let host: String
    /// The port it listens on.
    public let port: Int
    let handler: any HTTPHandler
    private let daemon: Mutex<DaemonHandle?>
    /// The handler as the C callbacks see it; released after the daemon stops.
    private let box: Unmanaged<HandlerBox>

    /// Starts serving `handler` on `host` (an IP literal) and `port` (0 picks a free port).
    ///
    /// - Throws: ``ServerError`` when the address is not an IP literal or cannot be bound.
    public init(host: String, port: Int, handler: any HTTPHandler, limits: Limits = Limits()) throws {
        guard (0...65535).contains(port) else {
            throw ServerError(
                .invalidAddress, operation: "start server", subject: "\(host):\(port)", reason: "no such port")
        }
        self.host = host
        self.handler = handler
        self.daemon = Mutex(nil)
        let box = Unmanaged.passRetained(HandlerBox(handler))
        self.box = box
        let started = folio_mhd_start(
            host, UInt16(port), limits.threads, limits.connections, 0, limits.idleTimeout, 32 * 1024,
            accessHandler, box.toOpaque(), requestCompleted, nil)
        guard let started else {
            box.release()
            throw ServerError(
                .cannotListen, operation: "start server", subject: "\(host):\(port)",
                reason: "cannot listen there (is it an IP address of this machine, and is the port free?)")
        }
        self.port = Int(folio_mhd_port(started))
        daemon.withLock { $0 = DaemonHandle(pointer: started) }
    }

    deinit {
        stop()
    }

    /// Stops listening and closes every connection.
    public func stop() {
        let running = daemon.withLock { current -> DaemonHandle? in
            defer { current = nil }
            return current
        }
        if let running {
            // libmicrohttpd refuses to stop with suspended connections: end every event stream first.
            for subscription in box.takeUnretainedValue().openStreams() {
                subscription.close()
            }
            MHD_stop_daemon(running.pointer)
            box.release()
        }
    }
}

/// A running daemon.
struct DaemonHandle: @unchecked Sendable {
    // Safety: the pointer is used only to stop the daemon, once, under the server's mutex.
    let pointer: OpaquePointer
}

/// The handler as the C callbacks receive it, and the event streams its server has open.
final class HandlerBox: Sendable {
    let handler: any HTTPHandler
    private let streams = Mutex<[ObjectIdentifier: EventSubscription]>([:])

    init(_ handler: any HTTPHandler) {
        self.handler = handler
    }

    func opened(_ subscription: EventSubscription) {
        streams.withLock { $0[ObjectIdentifier(subscription)] = subscription }
    }

    func closed(_ subscription: EventSubscription) {
        _ = streams.withLock { $0.removeValue(forKey: ObjectIdentifier(subscription)) }
    }

    func openStreams() -> [EventSubscription] {
        streams.withLock { Array($0.values) }
    }
}
