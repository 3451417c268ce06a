import Synchronization

/// What the C callbacks receive: the responder, the connection guard, the worker pool, and the
/// streamed bodies open (event streams, responses made as they are sent).
final class ServerContext: Sendable {
    let responder: any HTTPResponder
    let connections: ConnectionGuard
    let workers: WorkerPool
    private let streams = Mutex<(open: [ObjectIdentifier: any StreamedBody], isClosed: Bool)>(([:], false))

    init(_ responder: any HTTPResponder, connections: ConnectionGuard, workers: WorkerPool) {
        self.responder = responder
        self.connections = connections
        self.workers = workers
    }

    /// Lists a streamed body; false when the server is stopping (the stream must end at once).
    func opened(_ stream: any StreamedBody) -> Bool {
        streams.withLock { streams in
            guard !streams.isClosed else { return false }
            streams.open[ObjectIdentifier(stream)] = stream
            return true
        }
    }

    func closed(_ stream: any StreamedBody) {
        _ = streams.withLock { $0.open.removeValue(forKey: ObjectIdentifier(stream)) }
    }

    /// The streams open; no more open after this.
    func closeStreams() -> [any StreamedBody] {
        streams.withLock { streams in
            streams.isClosed = true
            return Array(streams.open.values)
        }
    }
}
