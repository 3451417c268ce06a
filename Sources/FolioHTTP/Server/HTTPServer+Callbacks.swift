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
    let box = Unmanaged<ServerContext>.fromOpaque(cls).takeUnretainedValue()
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
    let exchange = state.exchange
    guard case .slow = exchange.cost else {
        return queue(exchange.complete(), on: connection, state: state, box: box)
    }
    return answerSlowly(state, on: connection, box: box) { exchange.complete() }
}

/// Called when a request is done: answered, or failed (the client went away, the connection
/// timed out or was ended, the server stopped), which cancels it.
let requestCompleted: MHD_RequestCompletedCallback = { _, _, context, termination in
    guard let context, let pointer = context.pointee else { return }
    let state = Unmanaged<RequestState>.fromOpaque(pointer).takeRetainedValue()
    context.pointee = nil
    state.complete(isAnswered: termination == .REQUEST_TERMINATED_COMPLETED_OK)
}

/// The headers have arrived: refuses what the server itself cannot take, else begins the exchange
/// that takes the body and answers.
private func beginRequest(
    on connection: OpaquePointer, url: UnsafePointer<CChar>, method: UnsafePointer<CChar>,
    version: UnsafePointer<CChar>?, context: UnsafeMutablePointer<UnsafeMutableRawPointer?>, box: ServerContext
) -> MHD_Result {
    let record = folio_mhd_socket_context(connection).map {
        Unmanaged<ConnectionRecord>.fromOpaque($0).takeUnretainedValue()
    }
    record?.beginRequest()
    let request = makeRequest(connection, url: url, method: method, address: record?.address)
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
    let exchange = refusal.map { HTTPExchange(answering: $0.response, to: request) } ?? box.responder.begin(request)
    let state = RequestState(exchange: exchange, record: record)
    context.pointee = Unmanaged.passRetained(state).toOpaque()
    if let response = exchange.earlyResponse {
        state.isFinished = true
        return queue(response, on: connection, state: state, box: box)
    }
    return .YES
}

/// Suspends the connection and has the worker pool work out its answer; the worker resumes it.
private func answerSlowly(
    _ state: RequestState, on connection: OpaquePointer, box: ServerContext, work: @escaping () -> HTTPResponse
) -> MHD_Result {
    let slow = SlowRequest(
        connection: connection, record: state.record, cancellation: state.exchange.request.cancellation, work: work)
    state.slow = slow
    MHD_suspend_connection(connection)
    if !box.workers.submit(slow) {
        slow.answer(box.workers.isStopped ? ServerRefusal.stopping.response : ServerRefusal.busy.response)
    }
    return .YES
}

/// Collects the request line, headers and query arguments; the client's address is the one its
/// connection's record read when it opened, when there is one.
private func makeRequest(
    _ connection: OpaquePointer, url: UnsafePointer<CChar>, method: UnsafePointer<CChar>, address: String?
) -> HTTPRequest {
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
            QueryString.add(
                name: Substring(String(cString: key)), value: value.map { Substring(String(cString: $0)) },
                to: &collector.query)
            return .YES
        }, pointer)
    return HTTPRequest(
        method: requestMethod(method), rawPath: String(cString: url), query: collector.query,
        headers: collector.headers, clientAddress: address ?? clientAddress(of: connection))
}

/// The method, as one of the shared constants when it is a common one (no new string per request).
private func requestMethod(_ name: UnsafePointer<CChar>) -> HTTPMethod {
    if strcmp(name, "GET") == 0 { return .get }
    if strcmp(name, "HEAD") == 0 { return .head }
    if strcmp(name, "PUT") == 0 { return .put }
    if strcmp(name, "POST") == 0 { return .post }
    return HTTPMethod(String(cString: name))
}

/// The client's IP address as text ("127.0.0.1", "::1"), or "" when libmicrohttpd does not say.
func clientAddress(of connection: OpaquePointer) -> String {
    withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { buffer in
        guard let base = buffer.baseAddress else { return "" }
        folio_mhd_client_address(connection, base, buffer.count)
        return String(cString: base)
    }
}
