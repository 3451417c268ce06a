/// JSON string literals written by hand, where a listing or a row is too long to build in
/// memory first: the one escaping rule for JSON text that Folio writes without an encoder.
public enum JSONString {
    /// `text` as a JSON string literal, with its quotes: `"`, `\` and every control character
    /// escaped (`\n`, `\r`, `\t`, `\b`, `\f`, else `\u00XX`), and DEL, U+2028 and U+2029 as `\u`
    /// too, so the text is safe inside JavaScript and on a terminal.
    ///
    /// ```swift
    /// JSONString.quoted("a \"b\"\n") // "\"a \\\"b\\\"\\n\""
    /// ```
    /// - Complexity: O(*n*) in the length of `text`.
    public static func quoted(_ text: String) -> String {
        var result = "\""
        result.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{08}": result += "\\b"
            case "\u{0C}": result += "\\f"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x2028...0x2029).contains(scalar.value) {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
