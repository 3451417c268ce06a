import CMicroHTTPD
import FolioCore
import Foundation
import Glibc
import Synchronization

/// An HTTP/1.1 server on libmicrohttpd: an epoll thread pool, a worker pool for slow requests,
/// suspended connections for server-sent events, streamed uploads, and downloads sent by the kernel.
///
/// Requests whose ``HTTPExchange/cost`` is slow are answered on the worker pool while
/// their connection waits suspended, so the threads that serve every connection are never held by
/// one request. A ``ConnectionGuard`` keeps one client from taking every connection. ``stop()``
/// returns within about ``Limits/stopGrace`` whatever runs: slow requests are cancelled, and those
/// that do not end in time are abandoned.
///
/// ```swift
/// let server = try HTTPServer(host: "127.0.0.1", port: 0, responder: app)
/// print(server.port)   // the port it bound
/// server.stop()
/// ```
public final class HTTPServer: Sendable {
    /// Connections libmicrohttpd keeps room for beyond ``Limits/connections``, to answer them 503.
    static let reserveConnections: UInt32 = 64
    /// Descriptors kept for files and databases when the connection limit is fitted to the
    /// process's descriptor limit.
    static let reserveDescriptors: UInt64 = 256

    /// The address the server listens on.
    public let host: String
    /// The port it listens on.
    public let port: Int
    /// What answers the requests.
    public let responder: any HTTPResponder
    private let limits: Limits
    private let daemon: Mutex<DaemonHandle?>
    /// What the C callbacks see; released after the daemon stops.
    private let box: Unmanaged<ServerContext>

    /// Starts serving `responder` on `host` (an IP literal) and `port` (0 picks a free port).
    ///
    /// - Throws: ``ServerError`` when the address is not an IP literal or cannot be bound.
    public init(host: String, port: Int, responder: any HTTPResponder, limits: Limits = Limits()) throws {
        guard (0...65535).contains(port) else {
            throw ServerError(
                .invalidAddress, operation: "start server", subject: "\(host):\(port)", reason: "no such port")
        }
        self.host = host
        self.responder = responder
        self.limits = limits
        self.daemon = Mutex(nil)
        let spare = HTTPServer.reserveDescriptors + UInt64(HTTPServer.reserveConnections)
        let descriptors = HTTPServer.raiseDescriptorLimit(toAtLeast: UInt64(limits.connections) + spare)
        let connections = UInt32(min(UInt64(limits.connections), descriptors > spare + 64 ? descriptors - spare : 64))
        let connectionGuard = ConnectionGuard(
            policy: ConnectionGuard.Policy(
                connections: Int(connections), waitingPerClient: Int(max(1, limits.waitingConnectionsPerClient)),
                headTimeout: limits.headTimeout.wholeMilliseconds))
        let box = Unmanaged.passRetained(
            ServerContext(
                responder, connections: connectionGuard,
                workers: WorkerPool(threads: limits.workers, queueLimit: limits.queuedSlowRequests)))
        self.box = box
        let context = box.toOpaque()
        let started = host.withCString { address in
            var settings = folio_mhd_settings(
                host: address, port: UInt16(port), threads: limits.threads,
                connection_limit: connections + HTTPServer.reserveConnections, timeout_seconds: limits.idleTimeout,
                memory_limit: limits.connectionMemory, handler: accessHandler, handler_cls: context,
                completed: requestCompleted,
                completed_cls: context, connection_notice: connectionNotice, connection_notice_cls: context,
                uri_log: requestLineArrived, uri_log_cls: context)
            return folio_mhd_start(&settings)
        }
        guard let started else {
            box.release()
            throw ServerError(
                .cannotListen, operation: "start server", subject: "\(host):\(port)",
                reason: "cannot listen there (is it an IP address of this machine, and is the port free?)")
        }
        self.port = Int(folio_mhd_port(started))
        daemon.withLock { $0 = DaemonHandle(pointer: started) }
        connectionGuard.start()
    }

    deinit {
        stop()
    }

    /// Stops listening and closes every connection: slow requests are cancelled and given
    /// ``Limits/stopGrace`` to finish, then abandoned; event streams and streamed bodies end;
    /// uploads in progress are discarded.
    public func stop() {
        let running = daemon.withLock { current -> DaemonHandle? in
            defer { current = nil }
            return current
        }
        guard let running else { return }
        let box = box.takeUnretainedValue()
        box.connections.stop()
        box.workers.stop(grace: limits.stopGrace)
        // libmicrohttpd refuses to stop with suspended connections: end every streamed body first.
        for stream in box.closeStreams() {
            stream.close()
        }
        MHD_stop_daemon(running.pointer)
        self.box.release()
    }

    /// Raises the soft limit on open descriptors (every connection is one) when it is below
    /// `needed`: to the hard limit, but no further than 65,536 (a program that closes every
    /// possible descriptor before it starts another would otherwise crawl). Returns the limit now
    /// in force.
    static func raiseDescriptorLimit(toAtLeast needed: UInt64) -> UInt64 {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 1024 }
        if limit.rlim_cur < needed && limit.rlim_cur < limit.rlim_max {
            var raised = limit
            raised.rlim_cur = min(limit.rlim_max, max(rlim_t(needed), 65536))
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 {
                limit = raised
            }
        }
        return UInt64(limit.rlim_cur)
    }
}
