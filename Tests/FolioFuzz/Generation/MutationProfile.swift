/// What mutations matter for one format: the tokens worth inserting, how it nests, how large an
/// input may grow, and which part of an input is mutated.
struct MutationProfile: Sendable {
    /// An opening and a closing token, repeated to nest deeply (`[` and `]`, `<a>` and `</a>`).
    struct Nesting: Sendable {
        var open: [UInt8]
        var close: [UInt8]

        init(_ open: String, _ close: String) {
            self.open = Array(open.utf8)
            self.close = Array(close.utf8)
        }
    }

    /// Which part of an input mutations touch; the rest is kept as it is.
    enum Focus: Sendable {
        /// All of it.
        case whole
        /// Only the first `n` lines (for instance the XPaths in front of an XML document).
        case firstLines(Int)
        /// Everything after the first `n` lines (the document behind its XPaths).
        case afterFirstLines(Int)
    }

    /// Tokens of the format, inserted or written over the input whole.
    var tokens: [[UInt8]]
    /// Ways the format nests.
    var nesting: [Nesting]
    /// Inputs are cut to this many bytes.
    var maximumSize: Int
    /// The part of an input that is mutated.
    var focus: Focus = .whole
    /// For page-structured files (SQLite): the page size, so that half of the positions fall on
    /// the header of the file or of a page, where a change matters most.
    var pageSize: Int?
    /// A step after the mutations that keeps them reaching deeper, such as writing NMEA
    /// checksums again; it draws from the case's generator, so the case stays reproducible.
    var repair: (@Sendable ([UInt8], inout FuzzRandom) -> [UInt8])?
    /// Bytes that separate a format's pieces; positions are often chosen just after one.
    var structuralBytes: [UInt8] = Array(",\"\n<>{}[]:;=&*$ \t/".utf8)

    /// A profile with the tokens that matter to every format (``MutationProfile/commonTokens``)
    /// added to `tokens`.
    init(
        tokens: [String], nesting: [Nesting] = [], maximumSize: Int = 1 << 18, focus: Focus = .whole,
        pageSize: Int? = nil
    ) {
        self.tokens = tokens.map { Array($0.utf8) } + MutationProfile.commonTokens
        self.nesting = nesting
        self.maximumSize = maximumSize
        self.focus = focus
        self.pageSize = pageSize
    }

    /// Tokens for any format: line ends, NUL and control bytes, terminal escapes, invalid UTF-8,
    /// characters that are unusual in names, and numbers at the edges of every numeric type.
    static let commonTokens: [[UInt8]] =
        [
            "\"", "'", "\\", "\r\n", "\n", "\r", "\t", "\0", "\u{1B}]0;title\u{07}", "\u{1B}[31m", "\u{1B}[2J",
            "\u{07}", "\u{7F}", "\u{08}", "\u{0C}", "\u{FEFF}", "\u{2028}", "\u{00B7}", "\u{0300}", "\u{FFFF}",
            "\u{10FFFF}", "0", "-0", "-1", "1e309", "-1e309", "1e-400", "NaN", "Infinity", "-Infinity",
            "9223372036854775807", "9223372036854775808", "-9223372036854775809", "18446744073709551616",
            "1.7976931348623157e308", "4.9e-324", "0x7fffffff", "00000000000000000001", "%00", "%zz", "%2e%2e%2f",
            "../", "/etc/passwd",
        ].map { Array($0.utf8) } + [
            [0xC0, 0x80], [0xC3, 0x28], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xFF], [0xFE], [0x80],
            [0xE2, 0x82], [0xE0, 0x80, 0xAF], [0xF8, 0x88, 0x80, 0x80, 0x80], [0xEF, 0xBB, 0xBF],
        ]
}
