import Dispatch
import FolioDatabase
import Glibc
import Synchronization

/// Ctrl-C (SIGINT) while `folio db exec` runs: stops the running statement instead of killing the
/// process, so that the transaction is rolled back and the command can say what happened.
final class SignalInterruption: Sendable {
    private let interrupted = Atomic(false)
    private let source: SignalSource

    /// A dispatch source, which Swift does not know to be `Sendable`.
    private struct SignalSource: @unchecked Sendable {
        // Safety: a dispatch source may be used from any thread; it is only resumed and cancelled.
        let source: any DispatchSourceSignal
    }

    /// Starts turning SIGINT into `interrupter.interrupt()`.
    init(_ interrupter: DatabaseInterrupter) {
        signal(SIGINT, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        self.source = SignalSource(source: source)
        // The handler keeps this object until `stop()` cancels the source.
        source.setEventHandler { [self] in
            interrupted.store(true, ordering: .releasing)
            interrupter.interrupt()
        }
        source.resume()
    }

    /// Whether SIGINT arrived.
    var isInterrupted: Bool { interrupted.load(ordering: .acquiring) }

    /// Lets SIGINT end the process again.
    func stop() {
        source.source.cancel()
        signal(SIGINT, SIG_DFL)
    }
}
