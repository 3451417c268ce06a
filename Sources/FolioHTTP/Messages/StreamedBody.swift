/// A body the server sends a piece at a time while the connection stays open, reading each piece
/// when the client can take it: an event stream, or a ``ResponseStream`` made as it is sent.
///
/// The server reads with ``read(into:suspend:)`` from libmicrohttpd's thread; a body with nothing
/// to give calls `suspend` (which parks the connection, unwatched) and wakes it later through the
/// function given to ``setResume(_:)``. ``close()`` ends it from either side: the connection
/// ended, or the server is stopping (a parked connection is woken so it can finish).
protocol StreamedBody: AnyObject, Sendable {
    /// Copies what is ready into `buffer`: the number of bytes; 0 after calling `suspend` (under
    /// the body's lock, so that a piece arriving meanwhile cannot be missed); -1 at the end; -2
    /// when the body failed and the client must see a broken transfer rather than an end.
    func read(into buffer: UnsafeMutableRawBufferPointer, suspend: () -> Void) -> Int
    /// Gives the function that wakes the parked connection.
    func setResume(_ resume: @escaping @Sendable () -> Void)
    /// Ends the body.
    func close()
}

extension EventSubscription: StreamedBody {
    func setResume(_ resume: @escaping @Sendable () -> Void) {
        state.withLock { $0.resume = resume }
    }
}
