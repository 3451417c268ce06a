import FolioCore

/// The running state of ``QueryLimits`` on one connection: whether the statements must stop,
/// asked by SQLite's progress handler every few hundred virtual machine instructions.
final class LimitMonitor {
    let limits: QueryLimits
    /// The limits of an enclosing ``Database/withLimits(_:_:)``, which still apply.
    let enclosing: LimitMonitor?
    private let deadline: ContinuousClock.Instant?
    /// Why the statements were stopped, once they were.
    private(set) var stopReason: String?

    init(_ limits: QueryLimits, enclosing: LimitMonitor?) {
        self.limits = limits
        self.enclosing = enclosing
        deadline = limits.timeLimit.map { ContinuousClock.now.advanced(by: $0) }
    }

    /// Whether the statements must stop now (the time is up or the answer is no longer wanted);
    /// once true, it stays true.
    func shouldStop() -> Bool {
        if stopReason != nil {
            return true
        }
        if limits.isCancelled() {
            stopReason = "the query was cancelled"
        } else if let deadline, ContinuousClock.now >= deadline, let timeLimit = limits.timeLimit {
            stopReason = "the query ran longer than its time limit of \(LimitMonitor.seconds(timeLimit))"
        } else if let enclosing, enclosing.shouldStop() {
            stopReason = enclosing.stopReason
        }
        return stopReason != nil
    }

    /// The smallest value size limit of these limits and the enclosing ones.
    var valueSizeLimit: Int? {
        switch (limits.valueSizeLimit, enclosing?.valueSizeLimit) {
        case (let own?, let outer?): min(own, outer)
        case (let own, let outer): own ?? outer
        }
    }

    /// `5 s`, `0.25 s`.
    static func seconds(_ duration: Duration) -> String {
        let seconds = duration.timeInterval
        return seconds == seconds.rounded() ? "\(Int64(seconds)) s" : "\(seconds) s"
    }
}
