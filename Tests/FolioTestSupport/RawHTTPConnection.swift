import Foundation
import Glibc

/// A TCP connection to a server on loopback that sends exactly the bytes a test gives it, for the
/// requests no HTTP client would send: malformed framing, a NUL in the request line, a head
/// trickled byte by byte.
public final class RawHTTPConnection: @unchecked Sendable {
    // Safety: a connection is used by one test thread at a time.
    private var socket: Int32
    private var received: [UInt8] = []

    /// An answer as read off the wire.
    public struct Response: Sendable {
        /// The status code.
        public var status: Int
        /// The header fields, names lower-cased.
        public var headers: [String: String]
        /// The body (as long as Content-Length says).
        public var body: [UInt8]
        /// The body as text.
        public var text: String { String(decoding: body, as: UTF8.self) }
    }

    /// Connects to 127.0.0.1:`port`, from `source` (another loopback address, such as 127.0.0.2)
    /// when given.
    public init(port: Int, from source: String? = nil) throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard socket >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EMFILE) }
        if let source {
            var local = RawHTTPConnection.address(source, port: 0)
            let bound = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            guard bound == 0 else {
                let code = errno
                Glibc.close(socket)
                throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EADDRNOTAVAIL)
            }
        }
        var remote = RawHTTPConnection.address("127.0.0.1", port: port)
        let connected = withUnsafePointer(to: &remote) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            let code = errno
            Glibc.close(socket)
            throw POSIXError(POSIXErrorCode(rawValue: code) ?? .ECONNREFUSED)
        }
    }

    deinit {
        close()
    }

    /// Closes the connection (as a client that goes away does).
    public func close() {
        guard socket >= 0 else { return }
        Glibc.close(socket)
        socket = -1
    }

    private static func address(_ text: String, port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr(text)
        address.sin_port = UInt16(port).bigEndian
        return address
    }

    /// Sends `bytes`; false when the peer has closed the connection.
    @discardableResult
    public func send(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes {
                Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if sent < 0 && errno == EINTR { continue }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }

    /// Sends `text` as UTF-8 (`\u{0}` sends a NUL byte).
    @discardableResult
    public func send(_ text: String) -> Bool {
        send(Array(text.utf8))
    }

    /// Stops sending: the server sees the end of the request stream, as when a client goes away
    /// but still reads.
    public func shutDownSending() {
        _ = shutdown(socket, Int32(SHUT_WR))
    }

    /// Reads what has arrived within `timeout` seconds, or less when more than nothing comes; nil
    /// when the peer closed the connection (or reset it) with nothing more to read.
    private func readSome(timeout: Double) -> [UInt8]? {
        var entry = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        let ready = poll(&entry, 1, Int32(max(0, timeout * 1000)))
        guard ready > 0 else { return [] }
        var buffer = [UInt8](repeating: 0, count: 65536)
        let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        return Array(buffer[0..<count])
    }

    /// Whether the peer has closed (or reset) the connection, looking without waiting or reading.
    public var isClosedByPeer: Bool {
        var entry = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        guard poll(&entry, 1, 0) > 0 else { return false }
        var byte: UInt8 = 0
        return recv(socket, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) <= 0
    }

    /// Whether the peer closes the connection within `timeout` seconds (what it sends meanwhile is
    /// read and dropped).
    public func closesWithin(_ timeout: Double) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while Date() < deadline {
            guard readSome(timeout: deadline.timeIntervalSinceNow) != nil else { return true }
        }
        return false
    }

    /// Reads one response (its head and a body as long as Content-Length says) within `timeout`
    /// seconds; nil when none arrives whole in time.
    public func response(within timeout: Double = 5) -> Response? {
        let deadline = Date(timeIntervalSinceNow: timeout)
        let separator: [UInt8] = [13, 10, 13, 10]
        while true {
            if let end = RawHTTPConnection.find(separator, in: received) {
                let head = String(decoding: received[0..<end], as: UTF8.self).components(separatedBy: "\r\n")
                var headers: [String: String] = [:]
                for line in head.dropFirst() {
                    guard let colon = line.firstIndex(of: ":") else { continue }
                    headers[line[..<colon].lowercased()] = line[line.index(after: colon)...]
                        .trimmingCharacters(in: .whitespaces)
                }
                let parts = head.first?.split(separator: " ") ?? []
                let status = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
                let length = Int(headers["content-length"] ?? "0") ?? 0
                let bodyStart = end + separator.count
                if received.count - bodyStart >= length {
                    let body = Array(received[bodyStart..<(bodyStart + length)])
                    received.removeFirst(bodyStart + length)
                    return Response(status: status, headers: headers, body: body)
                }
            }
            let left = deadline.timeIntervalSinceNow
            guard left > 0, let bytes = readSome(timeout: left) else { return nil }
            received += bytes
        }
    }

    /// Reads until `marker` has arrived, within `timeout` seconds.
    public func waitFor(_ marker: String, within timeout: Double = 5) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        let bytes = Array(marker.utf8)
        while RawHTTPConnection.find(bytes, in: received) == nil {
            let left = deadline.timeIntervalSinceNow
            guard left > 0, let more = readSome(timeout: left) else { return false }
            received += more
        }
        return true
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count)
        where haystack[start..<(start + needle.count)].elementsEqual(needle) {
            return start
        }
        return nil
    }

    /// Raises this process's soft limit on open descriptors to at least `count` (up to the hard
    /// limit); returns whether `count` descriptors may now be open.
    public static func allowDescriptors(_ count: Int) -> Bool {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return false }
        if limit.rlim_cur < rlim_t(count) {
            limit.rlim_cur = min(limit.rlim_max, rlim_t(count))
            _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        }
        return limit.rlim_cur >= rlim_t(count)
    }
}
