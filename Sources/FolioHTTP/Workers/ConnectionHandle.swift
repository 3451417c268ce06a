/// An MHD connection pointer carried into a `@Sendable` closure or type; MHD allows resuming a
/// suspended connection from any thread.
struct ConnectionHandle: @unchecked Sendable {
    // Safety: the pointer is only passed to MHD_resume_connection, which is thread-safe, and only
    // while the connection is suspended (which keeps libmicrohttpd from freeing it).
    let pointer: OpaquePointer

    init(_ pointer: OpaquePointer) {
        self.pointer = pointer
    }
}
