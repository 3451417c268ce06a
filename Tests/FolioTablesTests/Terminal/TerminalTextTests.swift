import FolioTables
import Foundation
import Testing

@Suite struct TerminalTextTests {
    struct Case: Sendable, CustomStringConvertible {
        var text: String
        var width: Int
        var description: String { "\(text.unicodeScalars.map { String($0.value, radix: 16) }) → \(width)" }
    }

    @Test(arguments: [
        Case(text: "Homer", width: 5),
        Case(text: "ホーマー", width: 8),
        Case(text: "荷马·辛普森", width: 11),
        Case(text: "한국어", width: 6),
        Case(text: "e\u{301}e\u{301}", width: 2),
        Case(text: "👍", width: 2),
        Case(text: "👨‍👩‍👧‍👦", width: 2),
        Case(text: "🇫🇷", width: 2),
        Case(text: "❤️", width: 2),
        Case(text: "Ｆｕｌｌ", width: 8),
        Case(text: "שלום", width: 4),
        Case(text: "a\u{200B}b", width: 2),
    ])
    func measuresColumnsAsATerminalShowsThem(_ example: Case) {
        #expect(TerminalText.width(of: example.text) == example.width)
    }

    @Test func escapeSequencesBecomeVisibleSymbols() {
        let hostile = "\u{1B}[2J\u{1B}]0;owned\u{07}red\u{9B}31m\r\n\u{7F}"
        let safe = TerminalText.sanitized(hostile)
        #expect(!safe.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        #expect(safe == "␛[2J␛]0;owned␇red\u{FFFD}31m␍␊␡")
    }

    @Test func bidirectionalOverridesCannotReorderTheLine() {
        let trojan = "access\u{202E}\u{2066}nimda\u{2069}"
        #expect(TerminalText.sanitized(trojan) == "access\u{FFFD}\u{FFFD}nimda\u{FFFD}")
        // Plain right-to-left text is kept as it is.
        #expect(TerminalText.sanitized("مرحبا שלום") == "مرحبا שלום")
    }

    @Test func truncatesByColumnsWithAnEllipsis() {
        #expect(TerminalText.truncated("Homer Jay Simpson", toWidth: 8) == "Homer J…")
        #expect(TerminalText.truncated("ホーマー", toWidth: 5) == "ホー…")
        #expect(TerminalText.truncated("e\u{301}e\u{301}e\u{301}", toWidth: 2) == "e\u{301}…")
        #expect(TerminalText.truncated("short", toWidth: 5) == "short")
        #expect(TerminalText.fitted("ホ", toWidth: 4, alignRight: true) == "  ホ")
    }
}
