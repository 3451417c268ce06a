/// What the runs of one reader came to.
struct ReaderStatistics: Sendable {
    var reader: String
    var attempts = 0
    var accepted = 0
    var refused = 0
    /// Refused with an error that is not one of Folio's typed errors.
    var unclear = 0
    /// Refused with a message that copies a control character from the input.
    var leaksControls = 0
    var failures: [Failure] = []
    /// The longest a case took, in seconds.
    var slowest = 0.0
    var slowestCase = 0
    /// The largest resident memory seen (bytes), for the subprocess readers.
    var peakMemory = 0
    /// How often each refusal code was seen.
    var refusals: [String: Int] = [:]
    /// Unclear errors by type, and their first case.
    var unclearTypes: [String: Int] = [:]
    /// The first case whose message leaked a control character, for the report.
    var firstLeak: Int?
    /// The first request answered with a 5xx, for the report.
    var firstServerError: Int?

    init(reader: String) {
        self.reader = reader
    }

    func count(_ kind: Failure.Kind) -> Int {
        failures.filter { $0.kind == kind }.count
    }

    mutating func record(_ verdict: Verdict, case index: Int, seconds: Double) {
        attempts += 1
        if seconds > slowest {
            slowest = seconds
            slowestCase = index
        }
        switch verdict {
        case .accepted:
            accepted += 1
        case .refused(let code, let leaks, _):
            refused += 1
            refusals[code, default: 0] += 1
            if leaks {
                leaksControls += 1
                firstLeak = firstLeak ?? index
            }
        case .unclear(let type):
            refused += 1
            unclear += 1
            unclearTypes[type, default: 0] += 1
        }
    }

    mutating func record(_ failure: Failure, seconds: Double) {
        attempts += 1
        failures.append(failure)
        if seconds > slowest {
            slowest = seconds
            slowestCase = failure.caseIndex
        }
    }
}
