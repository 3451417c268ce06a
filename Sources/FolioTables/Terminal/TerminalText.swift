/// Text measured and made safe for a terminal: display widths that count wide East Asian
/// characters and emoji as two columns and combining marks as none, control characters shown as
/// visible symbols, and truncation with an ellipsis.
public enum TerminalText {
    /// Replaces everything a terminal would act on instead of showing: C0 controls (including
    /// escape, so no ANSI sequence in a cell reaches the terminal) become their Unicode control
    /// pictures (`␛`, `␊`, `␉`), DEL becomes `␡`, C1 controls (such as the one-byte CSI) and the
    /// bidirectional embeddings, overrides and isolates (which could reorder the rest of a line)
    /// become `�`, and line and paragraph separators become `␤`.
    ///
    /// - Complexity: O(n) in the text's length.
    public static func sanitized(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsReplacing) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            result.append(replacement(for: scalar))
        }
        return String(result)
    }

    /// The number of terminal columns `text` takes once sanitized.
    ///
    /// Each grapheme cluster counts as one unit: two columns for an emoji (presentation form, a
    /// flag, a sequence joined by ZWJ) or a wide or fullwidth East Asian character, none for a
    /// cluster of only combining or format characters, and one otherwise.
    /// - Complexity: O(n) in the text's length.
    public static func width(of text: String) -> Int {
        if isPrintableASCII(text) { return text.utf8.count }
        var total = 0
        for character in text {
            total += width(of: character)
        }
        return total
    }

    /// The number of columns one grapheme cluster takes.
    public static func width(of character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.value < 0x7F {
            return first.value < 0x20 ? 0 : 1
        }
        if scalars.count > 1 && scalars.contains(where: { $0.value == 0xFE0F || $0.value == 0x200D }) {
            return 2
        }
        if isWide(first) || first.properties.isEmojiPresentation {
            return 2
        }
        if (0x1F1E6...0x1F1FF).contains(first.value) {
            return scalars.count > 1 ? 2 : 1
        }
        if scalars.allSatisfy(isZeroWidth) {
            return 0
        }
        return 1
    }

    /// `text` cut to at most `limit` columns, ending in `…` when it was cut.
    ///
    /// - Complexity: O(n) in the text's length.
    public static func truncated(_ text: String, toWidth limit: Int) -> String {
        guard limit > 0 else { return "" }
        if isPrintableASCII(text) {
            return text.utf8.count <= limit ? text : String(decoding: text.utf8.prefix(limit - 1), as: UTF8.self) + "…"
        }
        var used = 0
        var end = text.startIndex
        var index = text.startIndex
        while index < text.endIndex {
            let columns = width(of: text[index])
            if used + columns > limit {
                // Make room for the ellipsis.
                var cut = text[..<end]
                var cutWidth = used
                while cutWidth + 1 > limit, let last = cut.last {
                    cutWidth -= width(of: last)
                    cut.removeLast()
                }
                return String(cut) + "…"
            }
            used += columns
            index = text.index(after: index)
            end = index
        }
        return text
    }

    /// `text` truncated to `width` columns and padded with spaces on the right (or on the left
    /// with `alignRight`) to exactly `width` columns.
    public static func fitted(_ text: String, toWidth width: Int, alignRight: Bool = false) -> String {
        let cut = truncated(text, toWidth: width)
        let padding = TerminalText.spaces(max(0, width - self.width(of: cut)))
        return alignRight ? padding + cut : cut + padding
    }

    /// `count` spaces (none for a count below one).
    public static func spaces(_ count: Int) -> String {
        guard count > 0 else { return "" }
        guard count <= blank.count else { return String(repeating: " ", count: count) }
        return String(decoding: blank[..<count], as: UTF8.self)
    }

    private static let blank = [UInt8](repeating: UInt8(ascii: " "), count: 256)

    /// Whether every byte is printable ASCII, where one byte is one column (the common case,
    /// measured without breaking the text into grapheme clusters).
    private static func isPrintableASCII(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    }

    private static func needsReplacing(_ scalar: Unicode.Scalar) -> Bool {
        replacement(for: scalar) != scalar
    }

    private static func replacement(for scalar: Unicode.Scalar) -> Unicode.Scalar {
        switch scalar.value {
        case 0x00...0x1F: Unicode.Scalar(0x2400 + scalar.value) ?? "\u{FFFD}"
        case 0x7F: "\u{2421}"
        case 0x80...0x9F, 0x202A...0x202E, 0x2066...0x2069: "\u{FFFD}"
        case 0x2028, 0x2029: "\u{2424}"
        default: scalar
        }
    }

    private static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: true
        default: scalar.value == 0x200B || (0xFE00...0xFE0F).contains(scalar.value)
        }
    }

    /// East Asian Wide and Fullwidth ranges (Unicode's EastAsianWidth W and F), and the emoji
    /// blocks that terminals draw two columns wide.
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0, 0x23F3...0x23F3,
        0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F...0x267F, 0x2693...0x2693, 0x26A1...0x26A1,
        0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE...0x26CE, 0x26D4...0x26D4, 0x26EA...0x26EA,
        0x26F2...0x26F3, 0x26F5...0x26F5, 0x26FA...0x26FA, 0x26FD...0x26FD, 0x2705...0x2705, 0x270A...0x270B,
        0x2728...0x2728, 0x274C...0x274C, 0x274E...0x274E, 0x2753...0x2755, 0x2757...0x2757, 0x2795...0x2797,
        0x27B0...0x27B0, 0x27BF...0x27BF, 0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55, 0x2E80...0x303E,
        0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
        0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4,
        0x17000...0x18AFF, 0x1B000...0x1B2FF, 0x1F004...0x1F004, 0x1F0CF...0x1F0CF, 0x1F18E...0x1F18E,
        0x1F191...0x1F19A, 0x1F200...0x1F2FF, 0x1F300...0x1F64F, 0x1F680...0x1F6FF, 0x1F7E0...0x1F7EB,
        0x1F90C...0x1F9FF, 0x1FA70...0x1FAFF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]

    private static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        guard value >= 0x1100 else { return false }
        var low = 0
        var high = wideRanges.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let range = wideRanges[middle]
            if value < range.lowerBound {
                high = middle - 1
            } else if value > range.upperBound {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }
}
