/// What a reader made of one input.
enum Verdict: Sendable, Equatable {
    /// It read the input.
    case accepted
    /// It refused the input with one of Folio's typed errors (its code), which names the
    /// operation, the subject and the reason; `leaksControls` when the message copies a control
    /// character from the input (`message` is the message, or the first one that does).
    case refused(code: String, leaksControls: Bool, message: String = "")
    /// It refused the input with an error that is not one of Folio's (a type name): not a crash,
    /// but not the clear error a user is owed either.
    case unclear(String)

    /// The verdict for an error a reader threw: refused when it is one of the reader's typed
    /// errors (`code` is its code), unclear otherwise.
    static func refused(_ error: any Error, code: String?) -> Verdict {
        guard let code else { return .unclear(String(describing: type(of: error))) }
        let message = String(describing: error)
        return .refused(code: code, leaksControls: Verdict.hasControlCharacters(message), message: message)
    }

    /// Whether `message` holds a C0 or C1 control character or DEL (a line break included: an
    /// error message is one line).
    static func hasControlCharacters(_ message: String) -> Bool {
        message.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
    }
}

/// An invariant a reader broke on an input (a row that reads differently the second time, a
/// file that does not read back as it was written): the run fails on it as on a crash.
struct Violation: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}

/// A reader of user files, as the fuzzer sees it: its seeds and how to mutate them.
protocol FuzzTarget: Sendable {
    /// A short name for the command line and reports (`csv`, `cli-table`, `http`).
    var name: String { get }
    /// What is exercised, for `--list` and the report.
    var summary: String { get }
    /// The extension saved inputs get, so a reproducer opens as what it is.
    var fileExtension: String { get }
    /// How inputs are mutated.
    var profile: MutationProfile { get }
    /// The seeds, before the regression seeds.
    func seeds(from corpus: SeedCorpus) -> [Seed]
}

/// A reader called in-process, in a worker process the driver supervises.
protocol InProcessTarget: FuzzTarget {
    /// Reads `input` as a user's file would be read.
    ///
    /// - Parameter scratch: a directory of the worker's own, for readers that need a file.
    /// - Throws: ``Violation`` when the reader breaks an invariant; every error of the reader
    ///   itself is a verdict instead.
    func run(_ input: [UInt8], scratch: String) throws(Violation) -> Verdict
}

/// A reader reached through a `folio` subprocess (the CLI, or `folio serve` over HTTP): the
/// driver runs its cases itself.
protocol ShellTarget: FuzzTarget {
    /// Prepares what the cases need (a Home, a running server) in `directory`.
    func start(in directory: String, folio: String) throws -> any ShellSession
}

/// The state a shell target keeps between its cases.
protocol ShellSession: AnyObject {
    /// Runs one case; the input has already been saved for a reproducer.
    func run(_ input: [UInt8], limits: Limits) -> ShellOutcome
    /// Stops what ``ShellTarget/start(in:folio:)`` started.
    func stop()
}

/// What one shell case came to.
enum ShellOutcome: Sendable {
    /// The command exited 0, 1 or 2 (or the server answered); `refused` when it reported an
    /// error, `leaksControls` when its message copied a control character from the input;
    /// `peakMemory` is the most resident memory (bytes) the subprocess was seen to use.
    case passed(refused: Bool, code: String, leaksControls: Bool, peakMemory: Int = 0)
    /// It failed the run: killed by a signal, another exit status, a hang or too much memory.
    case failed(Failure.Kind, String)
}

/// The bounds every case runs within.
struct Limits: Sendable {
    /// How long one case may take before it counts as a hang.
    var timeout: Duration
    /// The most resident memory a process may use while reading one input, in bytes.
    var memory: Int
}

/// Every reader the fuzzer knows, in the order they are run and reported.
enum Targets {
    static let all: [any FuzzTarget] = [
        TableTarget(.csv), TableTarget(.tsv), TableTarget(.json), TableTarget(.xml), TableTarget(.xpath),
        NMEATarget(), GPXTarget(), SQLiteTarget(), ArchiveTarget(),
        CommandTarget(.table), CommandTarget(.xpath), CommandTarget(.gpx), CommandTarget(.nmea),
        CommandTarget(.database), CommandTarget(.documents), HTTPTarget(),
    ]

    /// Readers that fail on purpose, for the fuzzer's own tests; run only when named.
    static let canaries: [any FuzzTarget] = CanaryTarget.Kind.allCases.map(CanaryTarget.init) + [CanaryShellTarget()]

    static func named(_ name: String) -> (any FuzzTarget)? {
        (all + canaries).first { $0.name == name }
    }
}
