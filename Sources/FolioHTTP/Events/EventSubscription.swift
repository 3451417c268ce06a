import Synchronization

/// One connection's queue of events.
public final class EventSubscription: Sendable {
    struct State {
        var queue: [UInt8] = Array("retry: 2000\n\n".utf8)
        var isSuspended = false
        var isClosed = false
        var resume: (@Sendable () -> Void)?
    }

    /// The most a slow client may have queued before it is dropped.
    static let maximumQueue = 1 << 20

    private let hub: EventHub
    let state = Mutex(State())

    init(hub: EventHub) {
        self.hub = hub
    }

    func enqueue(_ bytes: [UInt8]) {
        let wake = state.withLock { state -> (@Sendable () -> Void)? in
            guard !state.isClosed else { return nil }
            state.queue.append(contentsOf: bytes)
            if state.queue.count > EventSubscription.maximumQueue {
                state.isClosed = true
            }
            guard state.isSuspended else { return nil }
            state.isSuspended = false
            return state.resume
        }
        wake?()
    }

    /// What the server's reader does: copies queued bytes into `buffer`, or, when none are queued,
    /// calls `suspend` (under the lock, so a concurrent publish cannot be missed) and returns 0.
    /// Returns -1 when the subscription is closed.
    func read(into buffer: UnsafeMutableRawBufferPointer, suspend: () -> Void) -> Int {
        state.withLock { state in
            if state.queue.isEmpty {
                if state.isClosed { return -1 }
                state.isSuspended = true
                suspend()
                return 0
            }
            let count = min(buffer.count, state.queue.count)
            state.queue.withUnsafeBytes { source in
                buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[0..<count]))
            }
            state.queue.removeFirst(count)
            return count
        }
    }

    /// Ends the subscription: the connection closed, or the server is stopping (a suspended
    /// connection is resumed so it can finish).
    func close() {
        let wake = state.withLock { state -> (@Sendable () -> Void)? in
            state.isClosed = true
            guard state.isSuspended else { return nil }
            state.isSuspended = false
            return state.resume
        }
        wake?()
        hub.remove(self)
    }
}
