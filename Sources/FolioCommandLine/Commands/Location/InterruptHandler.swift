import Dispatch
import Foundation

/// Turns Ctrl-C (SIGINT) into a call, so a long-running command stops cleanly — finishing what it
/// is writing — instead of dying mid-write.
final class InterruptHandler: @unchecked Sendable {
    // Safety: `source` is set once in init; DispatchSource is thread-safe for cancel().
    private let source: any DispatchSourceSignal

    /// Calls `action` on the first SIGINT while the handler lives.
    init(_ action: @escaping @Sendable () -> Void) {
        signal(SIGINT, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        source.setEventHandler(handler: action)
        source.resume()
        self.source = source
    }

    /// Restores the default SIGINT behaviour.
    func cancel() {
        source.cancel()
        signal(SIGINT, SIG_DFL)
    }
}
