import CMicroHTTPD

/// A libmicrohttpd response made once and queued on many connections (libmicrohttpd counts its
/// references), for the status and header fields it was made with.
final class PreparedResponse: @unchecked Sendable {
    // Safety: libmicrohttpd's responses may be queued from any thread (each holds a mutex over its
    // reference count), and this one is never changed after it was made: only queued, and
    // destroyed once, when the last response that could reuse it is gone.
    let pointer: OpaquePointer
    let status: HTTPStatus
    let headers: HTTPHeaders

    init(pointer: OpaquePointer, status: HTTPStatus, headers: HTTPHeaders) {
        self.pointer = pointer
        self.status = status
        self.headers = headers
    }

    /// Whether it answers with `status` and exactly `headers`.
    func answers(_ status: HTTPStatus, _ headers: HTTPHeaders) -> Bool {
        self.status == status && self.headers == headers
    }

    deinit {
        MHD_destroy_response(pointer)
    }
}
