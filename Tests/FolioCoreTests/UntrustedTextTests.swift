import FolioCore
import Testing

@Suite struct UntrustedTextTests {
    struct Example: Sendable, CustomTestStringConvertible {
        var text: String
        var shown: String
        var testDescription: String { shown }
    }

    static let examples = [
        Example(text: "evil\u{1B}]0;owned\u{07}.txt", shown: "evil\\e]0;owned\\a.txt"),
        Example(text: "\u{1B}[2J\u{1B}[31mred", shown: "\\e[2J\\e[31mred"),
        Example(text: "line\rover\nnext\ttab", shown: "line\\rover\\nnext\\ttab"),
        Example(text: "nul\u{0}bs\u{8}vt\u{B}ff\u{C}", shown: "nul\\0bs\\bvt\\vff\\f"),
        Example(text: "\u{1}\u{1F}\u{7F}", shown: "\\x01\\x1f\\x7f"),
        Example(text: "csi\u{9B}31m", shown: "csi\\u009b31m"),
        Example(text: "access\u{202E}nimda\u{2066}", shown: "access\\u202enimda\\u2066"),
        Example(text: "a\u{2028}b", shown: "a\\u2028b"),
    ]

    @Test(arguments: examples)
    func controlCharactersAreWrittenAsReadableEscapes(_ example: Example) {
        #expect(UntrustedText.escaped(example.text) == example.shown)
        #expect(UntrustedText.needsEscaping(example.text))
        #expect(!UntrustedText.escaped(example.text).unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
    }

    @Test func everythingElseIsKeptAsItIs() {
        for text in ["plain ASCII", "ホーマー", "مرحبا שלום", "e\u{301}", "👨‍👩‍👧", "C:\\path\\e", ""] {
            #expect(UntrustedText.escaped(text) == text)
            #expect(!UntrustedText.needsEscaping(text))
        }
    }

    @Test func lineBreaksCanBeKeptForTextThatIsSeveralLinesOnPurpose() {
        let text = "first\u{1B}[1m\nsecond\r"
        #expect(UntrustedText.escaped(text, keepingLineBreaks: true) == "first\\e[1m\nsecond\\r")
        #expect(!UntrustedText.needsEscaping("a\nb", keepingLineBreaks: true))
    }

    @Test func escapingTwiceChangesNothingMore() {
        let once = UntrustedText.escaped("\u{1B}]2;x\u{07}\u{9B}")
        #expect(UntrustedText.escaped(once) == once)
    }
}
