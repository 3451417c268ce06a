import Foundation
import Synchronization

/// Failed token checks per client (a ``ClientNetwork`` key), per minute. Only the current
/// minute's counts are kept, so many clients cannot grow it without bound for long.
final class FailureCounter: Sendable {
    private struct Counts {
        var minute = 0
        var failures: [String: Int] = [:]
    }

    private let counts = Mutex(Counts())
    static let limit = 20

    func allows(_ client: String) -> Bool {
        let minute = FailureCounter.minute()
        return counts.withLock { counts in
            counts.minute != minute || counts.failures[client, default: 0] < FailureCounter.limit
        }
    }

    func record(_ client: String) {
        let minute = FailureCounter.minute()
        counts.withLock { counts in
            if counts.minute != minute {
                counts = Counts(minute: minute)
            }
            counts.failures[client, default: 0] += 1
        }
    }

    private static func minute() -> Int {
        Int(Date().timeIntervalSince1970 / 60)
    }
}
