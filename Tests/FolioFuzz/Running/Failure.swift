/// A case that failed the run, with what reproduces it.
struct Failure: Sendable {
    /// How it failed.
    enum Kind: String, Sendable {
        /// Killed by a signal (a trap, a segmentation fault, an abort).
        case crash
        /// Still running when its time was up.
        case hang
        /// More resident memory than the bound while reading one input.
        case memory
        /// An exit status other than 0, 1 or 2.
        case exit
        /// A broken invariant: the reader read the input, but not consistently.
        case wrong
    }

    var kind: Kind
    var reader: String
    var seed: UInt64
    var caseIndex: Int
    /// What happened: `signal 11 (SIGSEGV)`, `no answer after 10 s`, the broken invariant.
    var detail: String
    /// The saved input.
    var input: String
    /// The seed and mutations that made it.
    var origin: String

    /// The report's paragraph for it, with the commands that reproduce it.
    var report: String {
        """
        \(kind.rawValue.uppercased()) in \(reader), case \(caseIndex) of seed \(seed): \(detail)
          input:     \(input)
          made from: \(origin.prefix(400))
          replay:    .build/debug/folio-fuzz --reader \(reader) --replay '\(input)'
          remake:    .build/debug/folio-fuzz --reader \(reader) --seed \(seed) --case \(caseIndex) --save FILE
        """
    }
}

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
