import FolioCore
import Foundation
import Testing

@Suite struct JSONStringTests {
    @Test(arguments: [
        "plain", "quote \" and backslash \\", "line\nbreak\r\ttab", "\u{08}\u{0C}", "\u{1B}[31m", "del\u{7F}",
        "line separator \u{2028} and \u{2029}", "héllo wörld ✓ 🎉", "",
    ])
    func readsBackAsTheSameTextInJSON(text: String) throws {
        let quoted = JSONString.quoted(text)
        let decoded = try JSONSerialization.jsonObject(with: Data("[\(quoted)]".utf8)) as? [String]
        #expect(decoded == [text])
        // Nothing that changes a terminal or ends a JavaScript line is left raw.
        #expect(!quoted.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F || $0.value == 0x2028 })
    }

    @Test func writesTheShortEscapesJSONHas() {
        #expect(JSONString.quoted("a\"b\\c\n\r\t\u{08}\u{0C}\u{01}") == #""a\"b\\c\n\r\t\b\f\u0001""#)
    }
}
