import CMicroHTTPD
import Synchronization

/// A request answered on the ``WorkerPool`` while its connection waits suspended.
///
/// Its life: queued, then running on a worker, then answered — the worker resumes the connection
/// and libmicrohttpd calls the access handler again, which sends the answer. When the server
/// stops first, the request is abandoned instead: cancelled, its connection resumed so that
/// libmicrohttpd can close it, and whatever the worker still works out is dropped. The
/// connection is resumed exactly once, under the request's lock, so that once ``abandon()``
/// returns no worker touches the connection again.
final class SlowRequest: @unchecked Sendable {
    // Safety: `work` is called once, by the worker that took the request from the pool's queue
    // (whose lock orders that after the connection thread that made it); everything else is
    // immutable or behind `phase`'s lock.
    private enum Phase {
        case queued
        case running
        case answered(HTTPResponse)
        case sent
        case abandoned
    }

    /// Set when the client goes away or the server stops; the work may check it to end early.
    let cancellation: RequestCancellation
    private let phase = Mutex(Phase.queued)
    private let connection: ConnectionHandle
    private let record: ConnectionRecord?
    private let work: () -> HTTPResponse

    init(
        connection: OpaquePointer, record: ConnectionRecord?, cancellation: RequestCancellation,
        work: @escaping () -> HTTPResponse
    ) {
        self.connection = ConnectionHandle(connection)
        self.record = record
        self.cancellation = cancellation
        self.work = work
        record?.watchPeer { [cancellation] in cancellation.cancel() }
    }

    /// Works out the answer (on a worker) and hands it to the connection.
    func run() {
        let isAbandoned = phase.withLock { phase in
            guard case .queued = phase else { return true }
            phase = .running
            return false
        }
        guard !isAbandoned else { return }
        answer(work())
    }

    /// Hands `response` to the connection, unless the request was abandoned meanwhile.
    func answer(_ response: HTTPResponse) {
        phase.withLock { phase in
            switch phase {
            case .queued, .running:
                record?.watchPeer(nil)
                phase = .answered(response)
                MHD_resume_connection(connection.pointer)
            case .answered, .sent, .abandoned:
                break
            }
        }
    }

    /// The answer, once: what the access handler sends after the connection resumed. Nil when the
    /// request was abandoned (the connection is to be closed) or is still being worked out.
    func takeAnswer() -> (response: HTTPResponse?, isAbandoned: Bool) {
        phase.withLock { phase in
            switch phase {
            case .answered(let response):
                phase = .sent
                return (response, false)
            case .abandoned:
                return (nil, true)
            case .queued, .running, .sent:
                return (nil, false)
            }
        }
    }

    /// Gives up on the request: the server is stopping. A request still waiting or being worked
    /// out is cancelled and its connection resumed for libmicrohttpd to close.
    func abandon() {
        cancellation.cancel()
        phase.withLock { phase in
            switch phase {
            case .queued, .running:
                record?.watchPeer(nil)
                phase = .abandoned
                MHD_resume_connection(connection.pointer)
            case .answered, .sent, .abandoned:
                break
            }
        }
    }
}
