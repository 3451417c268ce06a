import FolioFiles

/// A pager (`sh -c "$PAGER"`, with `LESS=FRX` unless set) reading from a pipe, in folio's own
/// process group so that it can read keys from the terminal.
final class PagerProcess {
    private let pipe: PipedCommand

    /// Starts `command`; nil when it cannot be started (the caller prints instead).
    init?(command: String) {
        do {
            pipe = try PipedCommand(shell: command, environmentDefaults: ["LESS": "FRX"])
        } catch {
            return nil
        }
    }

    /// Writes `text` to the pager; false once the pager has closed its end.
    func write(_ text: String) -> Bool {
        do {
            try pipe.write(text.utf8)
            return true
        } catch {
            return false
        }
    }

    /// Tells the pager the text is complete and waits until the person quits it.
    ///
    /// - Returns: false when the shell could not find or run the pager command (exit status 126
    ///   or 127), so the caller can page by itself instead.
    @discardableResult
    func finish() -> Bool {
        do {
            switch try pipe.finish() {
            case .exited(126), .exited(127): return false
            case .exited, .signalled: return true
            }
        } catch {
            return true  // Already waited for: it ran.
        }
    }
}
