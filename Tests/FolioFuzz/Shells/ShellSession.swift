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
