import FolioCore
import FolioFiles
import FolioSandbox
import Synchronization

/// Where a command writes: standard output and standard error, buffered, or memory (for tests).
///
/// Standard output is buffered in 64 KiB blocks, so a listing of a million lines costs a few
/// hundred `write` calls; ``flush()`` runs before the process exits and before reading input.
///
/// No control character from the input reaches a terminal through here: every message on
/// standard error, and all text written to standard output while it is a terminal, goes through
/// ``UntrustedText`` (`\e`, `\a`, `\r`, …; line breaks are kept), so no command can forget it.
/// Bytes (``write(bytes:)``, what `cat` prints) and a renderer's own styled output
/// (``writeVerbatim(_:)``) pass unchanged.
public final class Output: Sendable {
    private enum Destination {
        case standardStreams
        case memory
    }

    private struct State {
        var buffer: [UInt8] = []
        var capturedOutput: [UInt8] = []
        var capturedError: [UInt8] = []
    }

    private let destination: Destination
    private let state = Mutex(State())
    /// Whether standard output is a terminal (colour, alignment, progress are for people).
    public let isTerminal: Bool
    /// Whether standard error is a terminal (progress lines go there).
    public let isErrorTerminal: Bool

    /// Writes to the process's standard output and standard error.
    public static func standard() -> Output {
        Output(
            destination: .standardStreams, isTerminal: StandardStream.output.isTerminal,
            isErrorTerminal: StandardStream.error.isTerminal)
    }

    /// Collects everything in memory; read it back with ``capturedOutput`` and ``capturedError``.
    public static func memory(isTerminal: Bool = false) -> Output {
        Output(destination: .memory, isTerminal: isTerminal, isErrorTerminal: isTerminal)
    }

    private init(destination: Destination, isTerminal: Bool, isErrorTerminal: Bool) {
        self.destination = destination
        self.isTerminal = isTerminal
        self.isErrorTerminal = isErrorTerminal
    }

    /// Writes `text` to standard output; on a terminal, control characters are escaped.
    public func write(_ text: String) {
        writeVerbatim(isTerminal ? UntrustedText.escaped(text, keepingLineBreaks: true) : text)
    }

    /// Writes `text` to standard output unchanged: for a renderer's output that has escaped what
    /// it shows itself and adds its own colour sequences (a table drawn for a terminal).
    public func writeVerbatim(_ text: String) {
        write(bytes: text.utf8)
    }

    /// Writes `text` and a newline to standard output.
    public func line(_ text: String = "") {
        write(text + "\n")
    }

    /// Writes raw bytes to standard output.
    public func write(bytes: some Collection<UInt8>) {
        let full = state.withLock { state -> [UInt8]? in
            switch destination {
            case .memory:
                state.capturedOutput.append(contentsOf: bytes)
                return nil
            case .standardStreams:
                state.buffer.append(contentsOf: bytes)
                guard state.buffer.count >= 1 << 16 else { return nil }
                defer { state.buffer.removeAll(keepingCapacity: true) }
                return state.buffer
            }
        }
        if let full {
            Output.writeFully(.output, full)
        }
    }

    /// Writes a line to standard error (flushing standard output first so the two stay in order),
    /// with control characters escaped (line breaks kept), terminal or not: a message read later
    /// from a log reaches a terminal too.
    public func error(_ text: String) {
        errorText(text + "\n")
    }

    /// Writes `text` to standard error as it is (no newline added), control characters escaped.
    public func errorText(_ text: String) {
        flush()
        let bytes = Array(UntrustedText.escaped(text, keepingLineBreaks: true).utf8)
        switch destination {
        case .memory: state.withLock { $0.capturedError.append(contentsOf: bytes) }
        case .standardStreams: Output.writeFully(.error, bytes)
        }
    }

    /// Writes `value` to standard error as one JSON document (what `--json` makes of a failure).
    func errorJSON<Value: Encodable>(_ value: Value) {
        do {
            errorText(try CommandContext.json(value))
        } catch {
            self.error("folio: \(error)")
        }
    }

    /// Writes a progress line to standard error when it is a terminal: the line is redrawn in place.
    public func progress(_ text: String) {
        guard isErrorTerminal else { return }
        let text = UntrustedText.escaped(text)
        switch destination {
        case .memory: state.withLock { $0.capturedError.append(contentsOf: Array("\r\(text)".utf8)) }
        case .standardStreams: Output.writeFully(.error, Array("\r\u{1B}[K\(text)".utf8))
        }
    }

    /// Clears a progress line.
    public func endProgress() {
        guard isErrorTerminal, destination == .standardStreams else { return }
        Output.writeFully(.error, Array("\r\u{1B}[K".utf8))
    }

    /// Writes whatever is buffered.
    public func flush() {
        let pending = state.withLock { state -> [UInt8] in
            defer { state.buffer.removeAll(keepingCapacity: true) }
            return state.buffer
        }
        if !pending.isEmpty {
            Output.writeFully(.output, pending)
        }
    }

    /// Everything written to standard output (memory destination only).
    public var capturedOutput: String {
        state.withLock { String(decoding: $0.capturedOutput, as: UTF8.self) }
    }

    /// Everything written to standard error (memory destination only).
    public var capturedError: String {
        state.withLock { String(decoding: $0.capturedError, as: UTF8.self) }
    }

    private static func writeFully(_ stream: StandardStream, _ bytes: [UInt8]) {
        do {
            try stream.write(bytes)
        } catch {
            return  // A closed pipe (e.g. `folio ls | head`): nothing more can be written.
        }
    }
}
