import Foundation

/// A response body made while it is sent: a producer writes the bytes on a thread of its own,
/// and the server sends them as the client takes them, so a body of any size (a zip of a whole
/// folder, a million rows of an export) starts at once and holds at most ``capacity`` bytes.
///
/// ``write(_:)`` waits while the client is that far behind, and throws ``Cancelled`` once the
/// connection is gone (the producer then stops). The length is not known ahead, so the body goes
/// out chunked. A producer that throws ends the transfer without its last chunk: the client sees a
/// broken download, never a short file that looks whole.
///
/// ```swift
/// let stream = ResponseStream { stream in
///     for row in rows { try stream.write(Data(row.utf8)) }
/// }
/// return HTTPResponse(headers: headers, body: .stream(stream))
/// ```
public final class ResponseStream: StreamedBody, @unchecked Sendable {
    // Safety: every stored `var` is read and written with `condition` locked.

    /// The client went away (or the server is stopping): the producer should stop.
    public struct Cancelled: Error, Sendable {}

    /// The most bytes made and not yet sent.
    public let capacity: Int
    private let produce: @Sendable (ResponseStream) throws -> Void
    private let condition = NSCondition()
    private var pending: [UInt8] = []
    /// Where the unsent bytes of ``pending`` begin.
    private var firstUnsent = 0
    private var isFinished = false
    private var hasFailed = false
    private var isClosed = false
    private var isSuspended = false
    private var resume: (@Sendable () -> Void)?
    /// Whether ``collect()`` gathers the whole body (writes never wait).
    private var isCollecting = false
    private var hasStarted = false
    /// What the producer threw.
    private var failure: (any Error)?

    /// A stream whose bytes `produce` writes, on a thread of its own, once the response is sent.
    public init(capacity: Int = 1 << 20, produce: @escaping @Sendable (ResponseStream) throws -> Void) {
        self.capacity = max(1, capacity)
        self.produce = produce
    }

    /// A stream whose producer starts now and has written its first bytes (or ended) when this
    /// returns, so that what fails before any byte is made — a query refused, a table that is not
    /// there — can still be answered as an error instead of a broken download.
    ///
    /// - Throws: what `produce` threw before writing anything.
    public static func started(
        capacity: Int = 1 << 20, produce: @escaping @Sendable (ResponseStream) throws -> Void
    ) throws -> ResponseStream {
        let stream = ResponseStream(capacity: capacity, produce: produce)
        stream.start()
        stream.condition.lock()
        while stream.pending.count == stream.firstUnsent && !stream.isFinished {
            stream.condition.wait()
        }
        let early = stream.pending.count == stream.firstUnsent ? stream.failure : nil
        stream.condition.unlock()
        if let early { throw early }
        return stream
    }

    /// Starts the producer on a thread of its own, unless it started already.
    func start() {
        condition.lock()
        let starts = !hasStarted
        hasStarted = true
        condition.unlock()
        guard starts else { return }
        let thread = Thread { [self] in run() }
        thread.name = "folio-response-stream"
        thread.start()
    }

    /// Adds `bytes` to the body, waiting while ``capacity`` bytes are unsent.
    ///
    /// - Throws: ``Cancelled`` when the connection is gone.
    public func write(_ bytes: UnsafeRawBufferPointer) throws(Cancelled) {
        var offset = 0
        while offset < bytes.count {
            condition.lock()
            if isCollecting {
                pending.append(contentsOf: bytes)
                condition.unlock()
                return
            }
            while !isClosed && pending.count - firstUnsent >= capacity {
                condition.wait()
            }
            guard !isClosed else {
                condition.unlock()
                throw Cancelled()
            }
            if firstUnsent > 0 && firstUnsent >= pending.count / 2 {
                pending.removeFirst(firstUnsent)
                firstUnsent = 0
            }
            let count = min(bytes.count - offset, capacity - (pending.count - firstUnsent))
            pending.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + count]))
            offset += count
            condition.broadcast()
            let wake = takeResume()
            condition.unlock()
            wake?()
        }
    }

    /// Adds `bytes` to the body (see ``write(_:)-(UnsafeRawBufferPointer)``).
    public func write(_ bytes: [UInt8]) throws(Cancelled) {
        let outcome: Result<Void, Cancelled> = bytes.withUnsafeBytes { buffer in
            do throws(Cancelled) {
                try write(buffer)
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        try outcome.get()
    }

    /// Adds `data` to the body (see ``write(_:)-(UnsafeRawBufferPointer)``).
    public func write(_ data: Data) throws(Cancelled) {
        let outcome: Result<Void, Cancelled> = data.withUnsafeBytes { bytes in
            do throws(Cancelled) {
                try write(bytes)
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        try outcome.get()
    }

    /// Runs the producer on the calling thread and returns the whole body, for a caller in the same
    /// process (a test dispatching a request without a socket). The memory held grows with the body.
    ///
    /// - Throws: what the producer threw.
    public func collect() throws -> Data {
        condition.lock()
        defer { condition.unlock() }
        guard hasStarted else {
            hasStarted = true
            isCollecting = true
            condition.unlock()
            defer { condition.lock() }
            try produce(self)
            return Data(pending[firstUnsent...])
        }
        // Started already (``started(capacity:produce:)``): take the bytes as its thread makes them.
        var body = Data()
        while true {
            body.append(contentsOf: pending[firstUnsent...])
            pending.removeAll(keepingCapacity: true)
            firstUnsent = 0
            condition.broadcast()
            if isFinished {
                if let failure { throw failure }
                return body
            }
            condition.wait()
        }
    }

    /// Runs the producer to its end, on the thread ``start()`` made.
    private func run() {
        var thrown: (any Error)?
        do {
            try produce(self)
        } catch {
            thrown = error
        }
        condition.lock()
        isFinished = true
        hasFailed = thrown != nil
        failure = thrown
        condition.broadcast()
        let wake = takeResume()
        condition.unlock()
        wake?()
    }

    func read(into buffer: UnsafeMutableRawBufferPointer, suspend: () -> Void) -> Int {
        condition.lock()
        defer { condition.unlock() }
        let available = pending.count - firstUnsent
        guard available > 0 else {
            if isFinished { return hasFailed ? -2 : -1 }
            if isClosed { return -2 }
            isSuspended = true
            suspend()
            return 0
        }
        let count = min(buffer.count, available)
        pending.withUnsafeBytes { source in
            buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[firstUnsent..<firstUnsent + count]))
        }
        firstUnsent += count
        condition.broadcast()
        return count
    }

    func setResume(_ resume: @escaping @Sendable () -> Void) {
        condition.lock()
        self.resume = resume
        condition.unlock()
    }

    func close() {
        condition.lock()
        isClosed = true
        condition.broadcast()
        let wake = takeResume()
        condition.unlock()
        wake?()
    }

    /// The function that wakes the parked connection, once: with the lock held.
    private func takeResume() -> (@Sendable () -> Void)? {
        guard isSuspended else { return nil }
        isSuspended = false
        return resume
    }
}
