import Glibc

/// A TCP connection: connected with a deadline, read with or without one, written in full.
///
/// Made by ``connect(host:port:timeout:)``, which tries every address the name resolves to in
/// turn. ``shutdown()`` may be called from any thread: a ``receive(into:timeout:)`` blocked on
/// another thread then returns 0, as at the end of the stream. The socket is closed when the
/// connection is released.
///
/// ```swift
/// let connection = try SocketConnection.connect(host: "127.0.0.1", port: 2947, timeout: .seconds(5))
/// try connection.send(Array("?WATCH={\"enable\":true}\n".utf8))
/// var buffer = [UInt8](repeating: 0, count: 1 << 16)
/// let count = try connection.receive(into: &buffer, timeout: .seconds(1))
/// ```
package final class SocketConnection: Sendable {
    /// The connected socket.
    package let descriptor: FileDescriptor

    private init(descriptor: FileDescriptor) {
        self.descriptor = descriptor
    }

    /// Connects to `host` (a name or a numeric IPv4 or IPv6 address) on TCP `port`.
    ///
    /// The corresponding C functions are `getaddrinfo`, `socket`, `connect` and `poll`.
    /// - Parameter timeout: how long all the attempts together may take; nil waits as long as the
    ///   system does.
    /// - Throws: ``SystemError`` from `getaddrinfo` (with ``SystemError/detail``, the resolver's
    ///   message) when the name does not resolve; otherwise the error of the last address tried,
    ///   `.connectionRefused`, or `.timedOut` when the deadline passed.
    package static func connect(host: String, port: Int, timeout: Duration? = nil) throws(SystemError)
        -> SocketConnection
    {
        let deadline = timeout.map { ContinuousClock.now.advanced(by: $0) }
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            let errno = status == EAI_SYSTEM ? Errno.current : Errno(0)
            let detail = gai_strerror(status).map { String(cString: $0) } ?? "error \(status)"
            throw SystemError(errno, call: "getaddrinfo", path: host, detail: detail)
        }
        defer { freeaddrinfo(list) }
        let subject = "\(host):\(port)"
        var lastError = SystemError(.connectionRefused, call: "connect", path: subject)
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let current = entry {
            do {
                return try connect(to: current.pointee, deadline: deadline, subject: subject)
            } catch {
                if error.errno == .timedOut { throw error }
                lastError = error
            }
            entry = current.pointee.ai_next
        }
        throw lastError
    }

    /// One attempt: a non-blocking `connect`, then `poll` until it completes or `deadline` passes.
    private static func connect(to address: addrinfo, deadline: ContinuousClock.Instant?, subject: String)
        throws(SystemError) -> SocketConnection
    {
        let flags = Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
        let raw = try retryingInterrupts("socket", path: subject) {
            socket(address.ai_family, address.ai_socktype | flags, address.ai_protocol)
        }
        let descriptor = FileDescriptor(owning: raw)
        if Glibc.connect(raw, address.ai_addr, address.ai_addrlen) != 0 {
            let error = Errno.current
            // Interrupted or not, a non-blocking connect goes on in the background.
            guard error == .inProgress || error == .interrupted else {
                throw SystemError(error, call: "connect", path: subject)
            }
            try wait(for: raw, events: Int16(POLLOUT), until: deadline, call: "connect", subject: subject)
            var pending: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            _ = try retryingInterrupts("getsockopt", path: subject) {
                getsockopt(raw, SOL_SOCKET, SO_ERROR, &pending, &length)
            }
            if pending != 0 {
                throw SystemError(Errno(pending), call: "connect", path: subject)
            }
        }
        let current = try retryingInterrupts("fcntl", path: subject) { fcntl(raw, F_GETFL) }
        _ = try retryingInterrupts("fcntl", path: subject) { fcntl(raw, F_SETFL, current & ~O_NONBLOCK) }
        return SocketConnection(descriptor: descriptor)
    }

    /// Waits until `socket` is ready for `events`, retrying interrupted waits with the time left.
    ///
    /// - Throws: ``SystemError`` `.timedOut` when `deadline` passes first.
    private static func wait(
        for socket: Int32, events: Int16, until deadline: ContinuousClock.Instant?, call: String, subject: String
    ) throws(SystemError) {
        while true {
            var milliseconds: Int32 = -1
            if let deadline {
                let left = ContinuousClock.now.duration(to: deadline)
                guard left > .zero else { throw SystemError(.timedOut, call: call, path: subject) }
                let (seconds, attoseconds) = left.components
                milliseconds = Int32(
                    clamping: seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
            }
            var entry = pollfd(fd: socket, events: events, revents: 0)
            let ready = Glibc.poll(&entry, 1, milliseconds)
            if ready > 0 { return }
            if ready < 0 && Errno.current != .interrupted {
                throw SystemError(.current, call: "poll", path: subject)
            }
        }
    }

    /// Reads what has arrived, up to `buffer.count` bytes, into the start of `buffer`; 0 means
    /// the peer closed the connection (or ``shutdown()`` was called).
    ///
    /// The corresponding C functions are `poll` and `recv`.
    /// - Parameter timeout: how long to wait for the first byte; nil waits as long as it takes.
    /// - Throws: ``SystemError``, `.timedOut` when nothing arrived in time.
    package func receive(into buffer: inout [UInt8], timeout: Duration? = nil) throws(SystemError) -> Int {
        let raw = descriptor.rawValue
        if let timeout {
            let deadline = ContinuousClock.now.advanced(by: timeout)
            try SocketConnection.wait(for: raw, events: Int16(POLLIN), until: deadline, call: "recv", subject: "socket")
        }
        return try buffer.withUnsafeMutableBytes { bytes in
            Result { () throws(SystemError) -> Int in
                try retryingInterrupts("recv") { recv(raw, bytes.baseAddress, bytes.count, 0) }
            }
        }.get()
    }

    /// Writes all of `bytes`, continuing after short writes; a peer that has gone is an error
    /// (`.brokenPipe`), never the `SIGPIPE` signal.
    ///
    /// The corresponding C function is `send` with `MSG_NOSIGNAL`.
    package func send(_ bytes: [UInt8]) throws(SystemError) {
        let raw = descriptor.rawValue
        try bytes.withUnsafeBytes { buffer in
            Result { () throws(SystemError) in
                var offset = 0
                while offset < buffer.count {
                    let rest = UnsafeRawBufferPointer(rebasing: buffer[offset...])
                    offset += try retryingInterrupts("send") {
                        Glibc.send(raw, rest.baseAddress, rest.count, Int32(MSG_NOSIGNAL))
                    }
                }
            }
        }.get()
    }

    /// Ends the connection in both directions: a blocked ``receive(into:timeout:)`` returns 0.
    /// The socket stays open until the connection is released.
    ///
    /// The corresponding C function is `shutdown`.
    package func shutdown() {
        _ = Glibc.shutdown(descriptor.rawValue, Int32(SHUT_RDWR))
    }
}
