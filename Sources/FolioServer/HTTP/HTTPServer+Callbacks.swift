import CMicroHTTPD
import Foundation
import Glibc

// The C callbacks libmicrohttpd calls for requests. Each request's state lives in a
// `RequestState` whose retained pointer is MHD's per-request `con_cls`, released in
// `requestCompleted`.

/// Called after the headers, for each chunk of the body, once the body is complete, and again
/// after a connection suspended for a slow answer resumes.
let accessHandler: MHD_AccessHandlerCallback = {
    cls, connection, url, method, version, uploadData, uploadSize, context in
    guard let cls, let connection, let url, let method, let uploadSize, let context else { return .NO }
    let box = Unmanaged<HandlerBox>.fromOpaque(cls).takeUnretainedValue()
    guard let existing = context.pointee else {
        return beginRequest(on: connection, url: url, method: method, version: version, context: context, box: box)
    }
    let state = Unmanaged<RequestState>.fromOpaque(existing).takeUnretainedValue()
    if uploadSize.pointee > 0 {
        if let uploadData {
            state.receive(UnsafeRawBufferPointer(start: uploadData, count: uploadSize.pointee))
        }
        uploadSize.pointee = 0
        return .YES
    }
    guard !state.isFinished else {
        // Resumed: the worker pool has the answer, or the server is stopping (close).
        guard let slow = state.slow else { return .YES }
        let (response, isAbandoned) = slow.takeAnswer()
        guard !isAbandoned else { return .NO }
        guard let response else { return .YES }
        return queue(response, on: connection, state: state, box: box)
    }
    state.isFinished = true
    switch state.plan {
    case .buffer(let limit, let cost):
        guard !state.bodyLimitExceeded else {
            return queue(APIError.payloadTooLarge(limit: limit).response, on: connection, state: state, box: box)
        }
        let handler = box.handler
        let request = state.request
        guard case .slow = cost else {
            return queue(handler.respond(to: request), on: connection, state: state, box: box)
        }
        return answerSlowly(state, on: connection, box: box) { handler.respond(to: request) }
    case .stream(let receiver, let cost):
        let error = state.receiveError
        guard case .slow = cost else {
            return queue(receiver.finish(error: error), on: connection, state: state, box: box)
        }
        return answerSlowly(state, on: connection, box: box) { receiver.finish(error: error) }
    case .respond(let early):
        return queue(early, on: connection, state: state, box: box)
    }
}

/// Called when a request is done: answered, or failed (the client went away, the connection
/// timed out or was ended, the server stopped), which cancels it.
let requestCompleted: MHD_RequestCompletedCallback = { _, _, context, termination in
    guard let context, let pointer = context.pointee else { return }
    let state = Unmanaged<RequestState>.fromOpaque(pointer).takeRetainedValue()
    context.pointee = nil
    state.complete(isAnswered: termination == .REQUEST_TERMINATED_COMPLETED_OK)
}

/// The headers have arrived: refuses what the server itself cannot take, else asks the handler
/// how to take the body.
private func beginRequest(
    on connection: OpaquePointer, url: UnsafePointer<CChar>, method: UnsafePointer<CChar>,
    version: UnsafePointer<CChar>?, context: UnsafeMutablePointer<UnsafeMutableRawPointer?>, box: HandlerBox
) -> MHD_Result {
    let record = folio_mhd_socket_context(connection).map {
        Unmanaged<ConnectionRecord>.fromOpaque($0).takeUnretainedValue()
    }
    record?.beginRequest()
    let request = makeRequest(connection, url: url, method: method)
    let refusal: ServerRefusal?
    if record?.isOverCapacity.load(ordering: .relaxed) == true {
        refusal = .tooManyConnections
    } else if let uriLength = record?.uriLength.load(ordering: .relaxed), uriLength >= 0,
        folio_mhd_request_line_has_nul(method, url, uriLength, version)
    {
        refusal = .nulInRequestLine
    } else {
        refusal = RequestFraming.refusal(for: request.headers)
    }
    let plan = refusal.map { RequestPlan.respond($0.response) } ?? box.handler.prepare(request)
    let state = RequestState(request: request, plan: plan, record: record)
    context.pointee = Unmanaged.passRetained(state).toOpaque()
    if case .respond(let response) = state.plan {
        state.isFinished = true
        return queue(response, on: connection, state: state, box: box)
    }
    return .YES
}

/// Suspends the connection and has the worker pool work out its answer; the worker resumes it.
private func answerSlowly(
    _ state: RequestState, on connection: OpaquePointer, box: HandlerBox, work: @escaping () -> HTTPResponse
) -> MHD_Result {
    let slow = SlowRequest(
        connection: connection, record: state.record, cancellation: state.request.cancellation, work: work)
    state.slow = slow
    MHD_suspend_connection(connection)
    if !box.workers.submit(slow) {
        slow.answer(box.workers.isStopped ? ServerRefusal.stopping.response : ServerRefusal.busy.response)
    }
    return .YES
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
