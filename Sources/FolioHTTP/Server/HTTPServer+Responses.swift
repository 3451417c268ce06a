import CMicroHTTPD
import Foundation
import Glibc

// How an `HTTPResponse` becomes a libmicrohttpd response: bytes copied, a file sent by the
// kernel, or an event stream read from its subscription while the connection stays open.

/// Turns an `HTTPResponse` into an MHD response and queues it.
func queue(_ response: HTTPResponse, on connection: OpaquePointer, state: RequestState, box: ServerContext)
    -> MHD_Result
{
    let made: OpaquePointer?
    switch response.body {
    case .empty:
        made = MHD_create_response_from_buffer(0, nil, .RESPMEM_PERSISTENT)
    case .bytes(let data):
        made = copiedResponse(data)
    case .shared(let bytes):
        return queueShared(bytes, status: response.status, headers: response.headers, on: connection)
    case .file(let file, let offset, let length):
        // MHD closes the descriptor it is given: give it a duplicate. MHD would wait forever for
        // the bytes of a file that shrinks while it is sent; the connection guard ends it.
        let fd = dup(file.fileDescriptor)
        made = fd < 0 ? nil : MHD_create_response_from_fd_at_offset64(length, fd, offset)
        state.record?.watchFile(file, end: offset + length)
    case .events(let subscription):
        state.subscription = subscription
        state.streamOwner = box
        if !box.opened(subscription) {
            // The server is stopping: the stream ends after its first bytes.
            subscription.close()
        }
        // The connection waits suspended between events, unwatched by libmicrohttpd.
        state.record?.watchPeer { [subscription] in subscription.close() }
        let context = Unmanaged.passRetained(EventStreamContext(subscription: subscription, connection: connection))
        made = MHD_create_response_from_callback(
            UInt64.max, 4096, eventReader, context.toOpaque(),
            { pointer in
                guard let pointer else { return }
                Unmanaged<EventStreamContext>.fromOpaque(pointer).release()
            })
        subscription.state.withLock { state in
            state.resume = { [connection = ConnectionHandle(connection)] in MHD_resume_connection(connection.pointer) }
        }
    }
    guard let made else { return .NO }
    defer { MHD_destroy_response(made) }
    add(response.headers, to: made)
    return MHD_queue_response(connection, UInt32(response.status.code), made)
}

/// An MHD response holding a copy of `data`.
private func copiedResponse(_ data: Data) -> OpaquePointer? {
    data.withUnsafeBytes { bytes in
        MHD_create_response_from_buffer(
            bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), .RESPMEM_MUST_COPY)
    }
}

private func add(_ headers: HTTPHeaders, to response: OpaquePointer) {
    for (name, value) in headers {
        _ = MHD_add_response_header(response, name, value)
    }
}

/// Queues the response prepared for `bytes` when it was prepared with this status and these
/// fields; otherwise prepares one (kept with the bytes for the responses that follow).
private func queueShared(_ bytes: SharedBytes, status: HTTPStatus, headers: HTTPHeaders, on connection: OpaquePointer)
    -> MHD_Result
{
    let kept = bytes.prepared.withLock { $0 }
    if let kept, kept.answers(status, headers) {
        // Held until queued (which takes libmicrohttpd's own reference): another thread may
        // replace it meanwhile.
        return withExtendedLifetime(kept) { MHD_queue_response(connection, UInt32(status.code), kept.pointer) }
    }
    guard let made = copiedResponse(bytes.data) else { return .NO }
    add(headers, to: made)
    let prepared = PreparedResponse(pointer: made, status: status, headers: headers)
    bytes.prepared.withLock { $0 = prepared }
    return withExtendedLifetime(prepared) { MHD_queue_response(connection, UInt32(status.code), prepared.pointer) }
}

/// What the event-stream reader needs.
private final class EventStreamContext {
    let subscription: EventSubscription
    let connection: OpaquePointer

    init(subscription: EventSubscription, connection: OpaquePointer) {
        self.subscription = subscription
        self.connection = connection
    }
}

/// Fills MHD's buffer from the subscription, or suspends the connection until the next event.
private let eventReader: MHD_ContentReaderCallback = { cls, _, buffer, maximum in
    guard let cls, let buffer else { return -1 }
    let context = Unmanaged<EventStreamContext>.fromOpaque(cls).takeUnretainedValue()
    let count = context.subscription.read(into: UnsafeMutableRawBufferPointer(start: buffer, count: maximum)) {
        MHD_suspend_connection(context.connection)
    }
    // MHD_CONTENT_READER_END_OF_STREAM is (size_t)-1.
    return count < 0 ? -1 : count
}
