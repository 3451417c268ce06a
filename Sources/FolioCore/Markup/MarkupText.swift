/// Text put into HTML, XML, SVG or GPX: the one escaping rule for markup Folio writes — a table's
/// HTML, a track's SVG map and its GPX file.
public enum MarkupText {
    /// `text` made safe for a text node or a quoted attribute value of HTML or XML 1.0: `&`, `<`,
    /// `>`, `"` and `'` as `&amp;` `&lt;` `&gt;` `&quot;` `&#39;` (which both languages read), a
    /// carriage return as `&#13;` (a parser would turn a raw one into a line feed), and the
    /// control characters XML 1.0 forbids (every C0 control but tab and line feed, and U+FFFE,
    /// U+FFFF) left out, so the result always parses.
    ///
    /// ```swift
    /// MarkupText.escaped(#"<a href="x">Tom & Jerry's</a>"#)
    /// // "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;"
    /// ```
    /// - Complexity: O(*n*) in the length of `text`; text with nothing to escape is returned as it is.
    public static func escaped(_ text: String) -> String {
        guard text.utf8.contains(where: { needsEscaping($0) }) || text.unicodeScalars.contains(where: isForbidden)
        else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            case "\r": result += "&#13;"
            default:
                if !isForbidden(scalar) { result.unicodeScalars.append(scalar) }
            }
        }
        return result
    }

    /// Whether a byte of UTF-8 is one of the characters ``escaped(_:)`` rewrites or drops.
    private static func needsEscaping(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x26, 0x3C, 0x3E, 0x22, 0x27: true
        case 0x09, 0x0A: false
        default: byte < 0x20
        }
    }

    /// A character XML 1.0 does not allow in a document at all, even escaped.
    private static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\t" && scalar != "\n" && scalar != "\r")
            || scalar.value == 0xFFFE || scalar.value == 0xFFFF
    }
}
