import Synchronization

/// What the C callbacks receive: the responder, the connection guard, the worker pool, and the
/// event streams open.
final class ServerContext: Sendable {
    let responder: any HTTPResponder
    let connections: ConnectionGuard
    let workers: WorkerPool
    private let streams = Mutex<(open: [ObjectIdentifier: EventSubscription], isClosed: Bool)>(([:], false))

    init(_ responder: any HTTPResponder, connections: ConnectionGuard, workers: WorkerPool) {
        self.responder = responder
        self.connections = connections
        self.workers = workers
    }

    /// Lists an event stream; false when the server is stopping (the stream must end at once).
    func opened(_ subscription: EventSubscription) -> Bool {
        streams.withLock { streams in
            guard !streams.isClosed else { return false }
            streams.open[ObjectIdentifier(subscription)] = subscription
            return true
        }
    }

    func closed(_ subscription: EventSubscription) {
        _ = streams.withLock { $0.open.removeValue(forKey: ObjectIdentifier(subscription)) }
    }

    /// The streams open; no more open after this.
    func closeStreams() -> [EventSubscription] {
        streams.withLock { streams in
            streams.isClosed = true
            return Array(streams.open.values)
        }
    }
}
