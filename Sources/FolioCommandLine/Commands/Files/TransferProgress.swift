import FolioCore
import FolioFiles
import Synchronization

/// How a download shows on a terminal: what runs, the bytes so far, out of the total when it is
/// known, and the rate, on standard error, redrawn in place at most ten times a second; piped,
/// nothing. ``stop()`` clears the line.
final class TransferProgress: Sendable {
    private let label: String
    private let output: Output
    private let started = ContinuousClock.now
    /// When the line was last drawn.
    private let drawn = Mutex<ContinuousClock.Instant?>(nil)

    /// Shows `label` at once, before any byte arrives.
    init(_ label: String, output: Output) {
        self.label = label
        self.output = output
        output.progress(label)
    }

    /// Redraws the line for `progress`, unless it was drawn less than a tenth of a second ago
    /// (the last byte is always drawn).
    func update(_ progress: DownloadProgress) {
        guard output.isErrorTerminal else { return }
        let now = ContinuousClock.now
        let isDue = drawn.withLock { drawn in
            if let drawn, now - drawn < .milliseconds(100), progress.bytes != progress.total { return false }
            drawn = now
            return true
        }
        if isDue {
            output.progress(TransferProgress.line(label, progress, elapsed: now - started))
        }
    }

    /// Clears the progress line.
    func stop() {
        output.endProgress()
    }

    /// `fetching URL to tmp/a.iso: 12 MiB of 600 MiB (2%), 4.1 MiB/s`; the rate once there is a
    /// tenth of a second to measure it over.
    static func line(_ label: String, _ progress: DownloadProgress, elapsed: Duration) -> String {
        var text = "\(label): \(Format.size(progress.bytes))"
        if let total = progress.total, total > 0 {
            text += " of \(Format.size(total)) (\(min(100, progress.bytes * 100 / total))%)"
        }
        let seconds = elapsed.timeInterval
        if seconds >= 0.1 {
            text += ", \(Format.size(UInt64(Double(progress.bytes) / seconds)))/s"
        }
        return text
    }
}
