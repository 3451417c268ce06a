/// Where a request's body ends, judged from its headers as RFC 9112 §6 says, before any of the
/// body is read: anything two parties could read differently is refused, since a proxy and the
/// server disagreeing about it is how requests are smuggled.
///
/// libmicrohttpd reads a body by the first `Content-Length` it meets and treats any
/// `Transfer-Encoding` but `chunked` as no body at all, so these checks come first:
///
/// - several `Content-Length` values that differ, or one that is not a number: 400;
/// - both `Content-Length` and `Transfer-Encoding`: 400;
/// - a transfer coding other than `chunked`: 501; `chunked` that is not the last coding, or named
///   twice: 400.
///
/// Each refusal closes the connection.
enum RequestFraming {
    /// The refusal for `headers`, or nil when the body's end is clear.
    static func refusal(for headers: HTTPHeaders) -> ServerRefusal? {
        // Most requests (every GET) carry neither field: nothing to collect.
        guard headers.contains("Content-Length") || headers.contains("Transfer-Encoding") else { return nil }
        let lengths = headers.values("Content-Length")
        let codings = headers.values("Transfer-Encoding")
        guard !lengths.isEmpty || !codings.isEmpty else { return nil }
        if !lengths.isEmpty {
            let values = lengths.flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }.map(trimmed)
            guard values.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }) else {
                return .badFraming("Content-Length is not a number")
            }
            guard Set(values.map { $0.drop { $0 == "0" } }).count == 1 else {
                return .badFraming("the request has different Content-Length values")
            }
        }
        guard !codings.isEmpty else { return nil }
        guard lengths.isEmpty else {
            return .badFraming("the request has both Content-Length and Transfer-Encoding")
        }
        let names = codings.flatMap { $0.split(separator: ",") }.map { trimmed($0).lowercased() }.filter { !$0.isEmpty }
        guard !names.isEmpty else {
            return .badFraming("Transfer-Encoding names no coding")
        }
        if let unknown = names.first(where: { $0 != "chunked" }) {
            return .unsupportedTransferCoding(unknown)
        }
        guard names == ["chunked"] else {
            return .badFraming("chunked must be the last transfer coding, named once")
        }
        return nil
    }

    private static func trimmed(_ text: some StringProtocol) -> String {
        String(text.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
