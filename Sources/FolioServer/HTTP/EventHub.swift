import Foundation
import Synchronization

/// Server-sent events: a hub that every `text/event-stream` response subscribes to.
///
/// ``publish(_:data:id:)`` appends the event to every subscriber's queue and wakes suspended
/// connections; a subscriber that falls more than a megabyte behind is dropped (its client will
/// reconnect and reload), so one stalled browser cannot grow the server's memory.
public final class EventHub: Sendable {
    private let subscribers = Mutex<[ObjectIdentifier: EventSubscription]>([:])

    public init() {}

    /// A new subscription; it ends when its connection closes.
    public func subscribe() -> EventSubscription {
        let subscription = EventSubscription(hub: self)
        subscribers.withLock { $0[ObjectIdentifier(subscription)] = subscription }
        return subscription
    }

    /// How many connections are listening.
    public var subscriberCount: Int {
        subscribers.withLock { $0.count }
    }

    /// Sends an event named `event` with `data` (one `data:` line per line of it) to every subscriber.
    public func publish(_ event: String, data: String, id: String? = nil) {
        var text = ""
        if let id { text += "id: \(id)\n" }
        text += "event: \(event)\n"
        for line in data.split(separator: "\n", omittingEmptySubsequences: false) {
            text += "data: \(line)\n"
        }
        text += "\n"
        broadcast(Array(text.utf8))
    }

    /// Sends a comment line to every subscriber; it keeps idle connections alive and lets the
    /// server notice clients that went away.
    public func ping() {
        broadcast(Array(": ping\n\n".utf8))
    }

    private func broadcast(_ bytes: [UInt8]) {
        let current = subscribers.withLock { Array($0.values) }
        for subscription in current {
            subscription.enqueue(bytes)
        }
    }

    func remove(_ subscription: EventSubscription) {
        _ = subscribers.withLock { $0.removeValue(forKey: ObjectIdentifier(subscription)) }
    }
}

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
