/// A running libmicrohttpd daemon.
struct DaemonHandle: @unchecked Sendable {
    // Safety: the pointer is used only to stop the daemon, once, under the server's mutex.
    let pointer: OpaquePointer
}
