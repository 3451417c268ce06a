import FolioFiles
import Synchronization

/// Where a command reads from: standard input, or fixed bytes (for tests).
public final class Input: Sendable {
    private let bytes: Mutex<[UInt8]?>
    /// Whether standard input is a terminal, so a person can answer a question.
    public let isTerminal: Bool

    /// Reads the process's standard input.
    public static func standard() -> Input {
        Input(bytes: nil, isTerminal: StandardStream.input.isTerminal)
    }

    /// Supplies `text` as standard input.
    public static func text(_ text: String, isTerminal: Bool = false) -> Input {
        Input(bytes: Array(text.utf8), isTerminal: isTerminal)
    }

    private init(bytes: [UInt8]?, isTerminal: Bool) {
        self.bytes = Mutex(bytes)
        self.isTerminal = isTerminal
    }

    /// Reads one line without its newline, or nil at end of input.
    public func readLine() -> String? {
        let fixed = bytes.withLock { stored -> String?? in
            guard var remaining = stored else { return .none }
            guard !remaining.isEmpty else { return .some(nil) }
            let end = remaining.firstIndex(of: 0x0A) ?? remaining.endIndex
            let line = String(decoding: remaining[..<end], as: UTF8.self)
            remaining.removeSubrange(..<min(end + 1, remaining.count))
            stored = remaining
            return .some(line)
        }
        if let fixed {
            return fixed
        }
        return Swift.readLine(strippingNewline: true)
    }

    /// Calls `body` with successive chunks of standard input until it ends.
    ///
    /// - Throws: a ``FileError`` when reading fails, or what `body` throws.
    public func forEachChunk(_ body: (ArraySlice<UInt8>) throws -> Void) throws {
        if let fixed = bytes.withLock({ stored -> [UInt8]? in
            defer { if stored != nil { stored = [] } }
            return stored
        }) {
            try body(fixed[...])
            return
        }
        try StandardStream.input.forEachChunk(body)
    }
}
