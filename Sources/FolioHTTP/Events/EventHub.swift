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
