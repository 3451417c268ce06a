/// A place in UTF-8 text as people count it: line and column from 1, a column per character.
struct TextPosition: Hashable, Sendable, CustomStringConvertible {
    var line = 1
    var column = 1

    /// The position of byte `offset` in `bytes`.
    ///
    /// - Complexity: O(offset); used only to report an error.
    init(of offset: Int, in bytes: [UInt8]) {
        for byte in bytes[..<min(offset, bytes.count)] {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
    }

    var description: String { "line \(line), column \(column)" }
}
