import Dispatch
import Foundation

/// Progress for a long operation whose library call reports none as it goes (a download): on a
/// terminal, standard error shows what runs and for how long, redrawn in place every quarter of a
/// second; piped, nothing. ``stop()`` clears the line.
final class ProgressTicker {
    private let output: Output
    private let queue = DispatchQueue(label: "folio.progress")
    private var timer: DispatchSourceTimer?

    /// Starts showing `label` and the time since it started.
    init(_ label: String, output: Output) {
        self.output = output
        guard output.isErrorTerminal else { return }
        let timer = DispatchSource.makeTimerSource(queue: queue)
        let started = Date()
        timer.setEventHandler {
            output.progress("\(label) (\(Int(Date().timeIntervalSince(started))) s)")
        }
        timer.schedule(deadline: .now(), repeating: .milliseconds(250))
        timer.resume()
        self.timer = timer
    }

    /// Stops and clears the progress line; calling it again does nothing.
    func stop() {
        guard let timer else { return }
        self.timer = nil
        timer.cancel()
        // The timer's queue is serial: once this runs, no redraw is in flight or to come.
        queue.sync {}
        output.endProgress()
    }
}
