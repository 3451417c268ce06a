import CMicroHTTPD
import Foundation
import Glibc

// The C callbacks libmicrohttpd calls. Each request's state lives in a `RequestState` whose
// retained pointer is MHD's per-request `con_cls`, released in `requestCompleted`.

/// Called after the headers, for each chunk of the body, and once the body is complete.
let accessHandler: MHD_AccessHandlerCallback = { cls, connection, url, method, _, uploadData, uploadSize, context in
    guard let cls, let connection, let url, let method, let uploadSize, let context else { return .NO }
    let box = Unmanaged<HandlerBox>.fromOpaque(cls).takeUnretainedValue()
    let handler = box.handler
    guard let existing = context.pointee else {
        // Headers have arrived: ask the handler how to take the body.
        let request = makeRequest(connection, url: url, method: method)
        let state = RequestState(request: request, plan: handler.prepare(request))
        context.pointee = Unmanaged.passRetained(state).toOpaque()
        if case .respond(let response) = state.plan {
            state.isFinished = true
            return queue(response, on: connection, state: state, box: box)
        }
        return .YES
    }
    let state = Unmanaged<RequestState>.fromOpaque(existing).takeUnretainedValue()
    if uploadSize.pointee > 0 {
        if let uploadData {
            state.receive(UnsafeRawBufferPointer(start: uploadData, count: uploadSize.pointee))
        }
        uploadSize.pointee = 0
        return .YES
    }
    guard !state.isFinished else { return .YES }
    state.isFinished = true
    let response: HTTPResponse
    switch state.plan {
    case .buffer(let limit):
        response =
            state.bodyLimitExceeded
            ? APIError.payloadTooLarge(limit: limit).response : handler.respond(to: state.request)
    case .stream(let receiver):
        response = receiver.finish(error: state.receiveError)
    case .respond(let early):
        response = early
    }
    return queue(response, on: connection, state: state, box: box)
}

/// Called when a request is done (answered, failed, or the client went away).
let requestCompleted: MHD_RequestCompletedCallback = { _, _, context, _ in
    guard let context, let pointer = context.pointee else { return }
    let state = Unmanaged<RequestState>.fromOpaque(pointer).takeRetainedValue()
    context.pointee = nil
    state.complete()
}

/// Collects the request line, headers and query arguments.
private func makeRequest(_ connection: OpaquePointer, url: UnsafePointer<CChar>, method: UnsafePointer<CChar>)
    -> HTTPRequest
{
    final class Collector {
        var headers = HTTPHeaders()
        var query: [String: String] = [:]
    }
    let collector = Collector()
    let pointer = Unmanaged.passUnretained(collector).toOpaque()
    MHD_get_connection_values(
        connection, .HEADER_KIND,
        { cls, _, key, value in
            guard let cls, let key else { return .YES }
            let collector = Unmanaged<Collector>.fromOpaque(cls).takeUnretainedValue()
            collector.headers.add(String(cString: key), value.map { String(cString: $0) } ?? "")
            return .YES
        }, pointer)
    MHD_get_connection_values(
        connection, .GET_ARGUMENT_KIND,
        { cls, _, key, value in
            guard let cls, let key else { return .YES }
            let collector = Unmanaged<Collector>.fromOpaque(cls).takeUnretainedValue()
            let name = PercentEncoding.decode(Substring(String(cString: key)), plusIsSpace: true)
            let decoded = value.flatMap { PercentEncoding.decode(Substring(String(cString: $0)), plusIsSpace: true) }
            if let name {
                collector.query[name] = decoded ?? ""
            }
            return .YES
        }, pointer)
    var address = [CChar](repeating: 0, count: 64)
    folio_mhd_client_address(connection, &address, address.count)
    return HTTPRequest(
        method: String(cString: method), rawPath: String(cString: url), query: collector.query,
        headers: collector.headers,
        clientAddress: String(decoding: address.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
}

/// Turns an `HTTPResponse` into an MHD response and queues it.
private func queue(_ response: HTTPResponse, on connection: OpaquePointer, state: RequestState, box: HandlerBox)
    -> MHD_Result
{
    let made: OpaquePointer?
    switch response.body {
    case .empty:
        made = MHD_create_response_from_buffer(0, nil, .RESPMEM_PERSISTENT)
    case .bytes(let data):
        made = data.withUnsafeBytes { bytes in
            MHD_create_response_from_buffer(
                bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), .RESPMEM_MUST_COPY)
        }
    case .file(let file, let offset, let length):
        // MHD closes the descriptor it is given: give it a duplicate.
        let fd = dup(file.descriptor.rawValue)
        made = fd < 0 ? nil : MHD_create_response_from_fd_at_offset64(length, fd, offset)
    case .events(let subscription):
        state.subscription = subscription
        state.streamOwner = box
        box.opened(subscription)
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
    for (name, value) in response.headers {
        _ = MHD_add_response_header(made, name, value)
    }
    return MHD_queue_response(connection, UInt32(response.status), made)
}

/// An MHD connection pointer carried into a `@Sendable` closure; MHD allows resuming a suspended
/// connection from any thread.
private struct ConnectionHandle: @unchecked Sendable {
    // Safety: the pointer is only passed to MHD_resume_connection, which is thread-safe, and the
    // subscription (holder of this closure) is closed before MHD frees the connection.
    let pointer: OpaquePointer

    init(_ pointer: OpaquePointer) {
        self.pointer = pointer
    }
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
