import FolioCore
import Foundation
import Testing

@Suite struct MarkupTextTests {
    @Test func escapesTheFiveCharactersMarkupGivesMeaningTo() {
        #expect(MarkupText.escaped(#"<&"'>"#) == "&lt;&amp;&quot;&#39;&gt;")
        #expect(MarkupText.escaped("Tom & Jerry's <b>") == "Tom &amp; Jerry&#39;s &lt;b&gt;")
        #expect(MarkupText.escaped("plain text, ✓ 🎉") == "plain text, ✓ 🎉")
    }

    @Test func leavesOutWhatXMLForbidsAndKeepsACarriageReturn() {
        #expect(MarkupText.escaped("a\u{01}b\u{1B}c\u{FFFE}d") == "abcd")
        #expect(MarkupText.escaped("tab\tline\nreturn\r") == "tab\tline\nreturn&#13;")
    }
}
