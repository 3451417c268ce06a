import Glibc

/// Lines read from a pipe as they come, waiting at most a given time for more.
struct LineReader {
    let descriptor: Int32
    private var pending: [UInt8] = []

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// The complete lines that arrived within `timeoutMilliseconds`, and whether the pipe ended.
    mutating func read(timeoutMilliseconds: Int32) -> (lines: [String], isEnd: Bool) {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let ready = Glibc.poll(&poller, 1, timeoutMilliseconds)
        guard ready > 0 else { return ([], false) }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, 1 << 16) }
        if count < 0 && errno == EINTR { return ([], false) }
        guard count > 0 else {
            let last = pending.isEmpty ? [] : [String(decoding: pending, as: UTF8.self)]
            pending = []
            return (last, true)
        }
        pending += buffer[..<count]
        var lines: [String] = []
        while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
            lines.append(String(decoding: pending[..<newline], as: UTF8.self))
            pending.removeSubrange(...newline)
        }
        return (lines, false)
    }
}
