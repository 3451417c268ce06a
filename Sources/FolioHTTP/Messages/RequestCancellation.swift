import Synchronization

/// Whether the answer to a request is still wanted: cancelled when the client goes away or the
/// server stops, so work done for the request (a long SQL query, say) can end early.
///
/// ```swift
/// let limits = QueryLimits(isCancelled: { request.cancellation.isCancelled })
/// ```
public final class RequestCancellation: Sendable {
    private let cancelled = Atomic<Bool>(false)

    /// A request whose answer is wanted.
    public init() {}

    /// Whether the answer is no longer wanted.
    public var isCancelled: Bool { cancelled.load(ordering: .acquiring) }

    /// Marks the answer as no longer wanted; work that checks ``isCancelled`` stops.
    public func cancel() {
        cancelled.store(true, ordering: .releasing)
    }
}
