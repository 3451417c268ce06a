import FolioLocation

/// How `geo watch` and `geo track record` tell what a location source did besides its locations:
/// each failure on standard error, once (a run of failures of one kind, such as a receiver
/// without a fix for a minute, is one line and a count); what it skipped counted, and shown with
/// `--verbose`.
struct SourceReport {
    let output: Output
    let isVerbose: Bool
    private(set) var skipped = SkippedInput.Tally()
    private(set) var lastFailure: LocationError?
    /// The failures like the last one printed, since it, and where the last of them was.
    private var repeats = 0
    private var lastRepeat = ""

    init(output: Output, isVerbose: Bool) {
        self.output = output
        self.isVerbose = isVerbose
    }

    /// A failure: printed, unless it is of the kind of the one printed just before.
    mutating func failure(_ error: LocationError) {
        if let last = lastFailure, last.code == error.code, last.operation == error.operation {
            repeats += 1
            lastRepeat = error.subject
        } else {
            endRun()
            output.error("folio: \(error)")
        }
        lastFailure = error
    }

    /// A location arrived: a run of failures has ended.
    mutating func location() {
        endRun()
        lastFailure = nil
    }

    mutating func skipped(_ input: SkippedInput) {
        skipped.add(input)
    }

    /// Counts what `recording` skipped and reports its failures.
    mutating func add(_ recording: TrackStore.Recording) {
        for failure in recording.failures { self.failure(failure) }
        skipped.add(recording.skipped)
    }

    /// The source has ended, or watching stopped: the last run's count, and with `--verbose`
    /// what was skipped.
    mutating func finish(source: String) {
        endRun()
        if isVerbose && skipped.total > 0 {
            output.error("folio: skipped \(skipped.total) lines of \(source) that give no position: \(skipped)")
        }
    }

    /// Why `source` gave no location, for the failure message.
    func nothingFrom(_ source: String) -> String {
        if let lastFailure {
            return "no location from \(source) (\(lastFailure.code))"
        }
        if skipped.total > 0 {
            return "no location from \(source): none of its \(skipped.total) lines gives a position (\(skipped))"
        }
        return "no location from \(source): it holds no sentence with a position"
    }

    private mutating func endRun() {
        guard repeats > 0, let last = lastFailure else { return }
        output.error("folio: … and \(repeats) more like it (\(last.code)), the last at \(lastRepeat)")
        repeats = 0
    }
}
