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
