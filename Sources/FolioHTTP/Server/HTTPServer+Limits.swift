import Foundation

extension HTTPServer {
    /// The limits the server enforces.
    public struct Limits: Sendable {
        /// Connections open at once. Past this, a new connection ends the one that has waited
        /// longest for a request head, or, when every connection is busy, is answered 503.
        public var connections: UInt32 = 1024
        /// Connections one client (the whole loopback range counts as one) may have waiting for a
        /// request head; its next connection ends the one that has waited longest.
        public var waitingConnectionsPerClient: UInt32 = 128
        /// How long a connection may take to deliver a request head, counted from when it starts
        /// waiting for one (on opening, or after its last answer); trickled bytes do not extend it.
        public var headTimeout: Duration = .seconds(20)
        /// Seconds a connection may stay without any traffic (event streams are exempt while
        /// suspended).
        public var idleTimeout: UInt32 = 60
        /// Bytes of memory each connection reads its requests into. A request head must fit in
        /// about half of it (a longer one is answered 431: with the default, a head of about
        /// 7 KiB, near the 8 KiB other servers allow), and an upload is read in chunks of about
        /// half of it. libmicrohttpd clears all of it before every request on a connection, the
        /// largest single cost of a small answer, so it is kept small.
        public var connectionMemory = 16 << 10
        /// Threads reading and writing connections and answering cheap requests.
        public var threads: UInt32 = UInt32(max(2, min(ProcessInfo.processInfo.activeProcessorCount, 8)))
        /// Threads answering slow requests.
        public var workers = max(4, min(2 * ProcessInfo.processInfo.activeProcessorCount, 16))
        /// Slow requests that may wait for a worker; more are answered 503.
        public var queuedSlowRequests = 64
        /// How long ``HTTPServer/stop()`` waits for cancelled slow requests before abandoning them.
        public var stopGrace: Duration = .seconds(1)

        /// The defaults: 1,024 connections, 128 waiting per client, a 20 s head deadline, …
        public init() {}
    }
}
