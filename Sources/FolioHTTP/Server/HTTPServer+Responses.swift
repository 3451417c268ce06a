import CMicroHTTPD
import Foundation
import Glibc

// How an `HTTPResponse` becomes a libmicrohttpd response: bytes copied, a file sent by the
// kernel, or a streamed body (an event stream, a response made as it is sent) read while the
// connection stays open.

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
        made = streamedResponse(subscription, on: connection, state: state, box: box)
    case .stream(let stream):
        made = streamedResponse(stream, on: connection, state: state, box: box)
    }
    guard let made else { return .NO }
    defer { MHD_destroy_response(made) }
    add(response.headers, to: made)
    let queued = MHD_queue_response(connection, UInt32(response.status.code), made)
    if case .stream(let stream) = response.body {
        // The producer starts once the response is queued (unless it started already); if it was
        // not queued, the request's end closes the stream and the producer stops at its first write.
        stream.start()
    }
    return queued
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

/// A response read from `stream` as the client takes it; the connection waits suspended between
/// pieces, unwatched by libmicrohttpd.
private func streamedResponse(
    _ stream: any StreamedBody, on connection: OpaquePointer, state: RequestState, box: ServerContext
) -> OpaquePointer? {
    state.stream = stream
    state.streamOwner = box
    if !box.opened(stream) {
        // The server is stopping: the stream ends after its first bytes.
        stream.close()
    }
    state.record?.watchPeer { [stream] in stream.close() }
    let context = Unmanaged.passRetained(StreamContext(stream: stream, connection: connection))
    stream.setResume { [connection = ConnectionHandle(connection)] in MHD_resume_connection(connection.pointer) }
    return MHD_create_response_from_callback(
        UInt64.max, 32 << 10, streamReader, context.toOpaque(),
        { pointer in
            guard let pointer else { return }
            Unmanaged<StreamContext>.fromOpaque(pointer).release()
        })
}

/// What the stream reader needs.
private final class StreamContext {
    let stream: any StreamedBody
    let connection: OpaquePointer

    init(stream: any StreamedBody, connection: OpaquePointer) {
        self.stream = stream
        self.connection = connection
    }
}

/// Fills MHD's buffer from the stream, or suspends the connection until the next piece.
private let streamReader: MHD_ContentReaderCallback = { cls, _, buffer, maximum in
    guard let cls, let buffer else { return -1 }
    let context = Unmanaged<StreamContext>.fromOpaque(cls).takeUnretainedValue()
    let count = context.stream.read(into: UnsafeMutableRawBufferPointer(start: buffer, count: maximum)) {
        MHD_suspend_connection(context.connection)
    }
    // MHD_CONTENT_READER_END_OF_STREAM is (size_t)-1, MHD_CONTENT_READER_END_WITH_ERROR (size_t)-2.
    return count
}
