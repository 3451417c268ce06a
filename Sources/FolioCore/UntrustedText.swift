/// Text from outside — a file name, a line of a log, a cell of a table, a server's reply — made
/// safe to show on a terminal or to put in a message.
///
/// Every character a terminal acts on instead of showing is written as a readable escape, so no
/// input can set the window title, change the colours, move the cursor, ring the bell, overwrite
/// a line or reorder one:
///
/// | Character | Written as |
/// |---|---|
/// | escape (ESC) | `\e` |
/// | bell, backspace, tab, line feed, vertical tab, form feed, carriage return | `\a` `\b` `\t` `\n` `\v` `\f` `\r` |
/// | NUL | `\0` |
/// | every other C0 control, and DEL | `\x01` … `\x1f`, `\x7f` |
/// | C1 controls (U+0080…U+009F, the one-character CSI U+009B among them), the bidirectional embeddings, overrides and isolates (U+202A…U+202E, U+2066…U+2069), the line and paragraph separators (U+2028, U+2029) | `\u009b`, `\u202e`, `\u2028` |
///
/// Everything else — letters of every script, emoji, a backslash — is kept as it is: the escapes
/// are for a person to read, not for a program to parse back (`--json` is for programs). So
/// `evil<ESC>]0;owned<BEL>.txt` reads `evil\e]0;owned\a.txt`.
///
/// ```swift
/// print("folio: cannot read \(UntrustedText.escaped(line))")
/// ```
public enum UntrustedText {
    /// `text` with every character a terminal would act on written as an escape.
    ///
    /// - Parameter keepingLineBreaks: keep line feeds as they are (text that is several lines on
    ///   purpose, such as a message with a hint on the next line); carriage returns are escaped
    ///   all the same.
    /// - Complexity: O(n) in the text's length; text with nothing to escape is returned as it is.
    public static func escaped(_ text: String, keepingLineBreaks: Bool = false) -> String {
        guard needsEscaping(text, keepingLineBreaks: keepingLineBreaks) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            if keepingLineBreaks && scalar == "\n" {
                result.unicodeScalars.append(scalar)
            } else if let escape = escape(for: scalar) {
                result += escape
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Whether ``escaped(_:keepingLineBreaks:)`` would change `text`.
    ///
    /// - Complexity: O(n), one pass over the UTF-8 bytes for text that is printable ASCII.
    public static func needsEscaping(_ text: String, keepingLineBreaks: Bool = false) -> Bool {
        let isPlain =
            text.utf8.withContiguousStorageIfAvailable { bytes in
                bytes.allSatisfy { ($0 >= 0x20 && $0 < 0x7F) || (keepingLineBreaks && $0 == 0x0A) }
            } ?? text.utf8.allSatisfy { ($0 >= 0x20 && $0 < 0x7F) || (keepingLineBreaks && $0 == 0x0A) }
        if isPlain { return false }
        return text.unicodeScalars.contains { scalar in
            !(keepingLineBreaks && scalar == "\n") && escape(for: scalar) != nil
        }
    }

    /// The escape for `scalar`, or nil when it is shown as it is.
    private static func escape(for scalar: Unicode.Scalar) -> String? {
        switch scalar.value {
        case 0x00: "\\0"
        case 0x07: "\\a"
        case 0x08: "\\b"
        case 0x09: "\\t"
        case 0x0A: "\\n"
        case 0x0B: "\\v"
        case 0x0C: "\\f"
        case 0x0D: "\\r"
        case 0x1B: "\\e"
        case 0x01...0x1F, 0x7F: "\\x" + hexadecimal(scalar.value, digits: 2)
        case 0x80...0x9F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029:
            "\\u" + hexadecimal(scalar.value, digits: 4)
        default: nil
        }
    }

    private static func hexadecimal(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
