import FolioCore
import Foundation

/// Threads that work out the answers to slow requests, so that a long query or the parse of a big
/// file never holds the threads that read and write every connection.
///
/// At most ``threads`` requests are worked on at once and at most ``queueLimit`` more wait their
/// turn; the server answers 503 to a request beyond that. Threads start as work arrives.
final class WorkerPool: @unchecked Sendable {
    // Safety: every stored `var` is read and written only with `condition` locked.
    /// The most requests worked on at once.
    let threads: Int
    /// The most requests waiting for a thread.
    let queueLimit: Int
    private let condition = NSCondition()
    private var queue: [SlowRequest] = []
    private var running: [ObjectIdentifier: SlowRequest] = [:]
    private var threadCount = 0
    private var idleCount = 0
    private var stopped = false

    init(threads: Int, queueLimit: Int) {
        self.threads = max(1, threads)
        self.queueLimit = max(0, queueLimit)
    }

    /// Queues `request`; false when the queue is full or the pool stopped.
    func submit(_ request: SlowRequest) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard !stopped, running.count + queue.count < threads + queueLimit else { return false }
        queue.append(request)
        if queue.count > idleCount && threadCount < threads {
            threadCount += 1
            let thread = Thread { [self] in work() }
            thread.name = "folio-worker"
            thread.start()
        }
        condition.signal()
        return true
    }

    /// Whether ``stop(grace:)`` was called.
    var isStopped: Bool {
        condition.lock()
        defer { condition.unlock() }
        return stopped
    }

    private func work() {
        condition.lock()
        while true {
            while queue.isEmpty && !stopped {
                idleCount += 1
                condition.wait()
                idleCount -= 1
            }
            guard !stopped else { break }
            let request = queue.removeFirst()
            running[ObjectIdentifier(request)] = request
            condition.unlock()
            request.run()
            condition.lock()
            running[ObjectIdentifier(request)] = nil
            condition.broadcast()
        }
        threadCount -= 1
        condition.unlock()
    }

    /// Stops taking work: abandons the requests still waiting, cancels the running ones and
    /// waits up to `grace` for them to finish, then abandons the rest (their threads end whenever
    /// their work does; nothing they produce is used).
    func stop(grace: Duration) {
        condition.lock()
        stopped = true
        let waiting = queue
        queue = []
        let active = Array(running.values)
        condition.broadcast()
        condition.unlock()
        for request in waiting {
            request.abandon()
        }
        for request in active {
            request.cancellation.cancel()
        }
        let deadline = Date(timeIntervalSinceNow: grace.timeInterval)
        condition.lock()
        while !running.isEmpty && condition.wait(until: deadline) {}
        let remaining = Array(running.values)
        condition.unlock()
        for request in remaining {
            request.abandon()
        }
    }
}
