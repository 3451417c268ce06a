import Foundation
import Synchronization

/// Bytes in memory that are the body of many responses — a page a cache keeps and sends again
/// and again — which the server prepares for sending once instead of once per response.
///
/// The server keeps what it prepared (the body with the status line's code and the header
/// fields) with the bytes, and sends it again for every response that carries the same bytes
/// with the same status and fields; a response whose status or fields differ is prepared anew.
/// The bytes never change: a new page is a new `SharedBytes`.
///
/// ```swift
/// let page = SharedBytes(try encoder.encode(listing))
/// return HTTPResponse(headers: headers, body: .shared(page))
/// ```
public final class SharedBytes: Sendable {
    /// The bytes.
    public let data: Data
    /// What the server prepared to send them, with the status and fields it was prepared for.
    let prepared = Mutex<PreparedResponse?>(nil)

    /// Bytes to send as they are, many times.
    public init(_ data: Data) {
        self.data = data
    }
}
