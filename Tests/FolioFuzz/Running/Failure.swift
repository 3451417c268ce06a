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
