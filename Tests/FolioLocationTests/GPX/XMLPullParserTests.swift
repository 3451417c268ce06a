import Testing

@testable import FolioLocation

@Suite struct XMLPullParserTests {
    func events(_ text: String, chunk: Int = 3) throws(LocationError) -> [XMLPullParser.Event] {
        var remaining = Array(text.utf8)[...]
        let reader = ChunkReader(name: "doc.xml") { _ in
            guard !remaining.isEmpty else { return nil }
            defer { remaining = remaining.dropFirst(chunk) }
            return Array(remaining.prefix(chunk))
        }
        let parser = XMLPullParser(reader)
        var events: [XMLPullParser.Event] = []
        while let event = try parser.next() { events.append(event) }
        return events
    }

    @Test func readsElementsAttributesAndTextAcrossChunkBoundaries() throws {
        let text = """
            <?xml version="1.0"?>
            <!-- a comment -->
            <a x="1" y='a &gt; b'><b/>T &amp; U<![CDATA[<raw>]]>&#x41;&#66;</a>
            """
        let parsed = try events(text)
        #expect(
            parsed == [
                .start("a", [("x", "1"), ("y", "a > b")]), .start("b", []), .end("b"), .text("T & U"),
                .text("<raw>"), .text("AB"), .end("a"),
            ])
    }

    struct Broken: Sendable, CustomTestStringConvertible {
        var xml: String
        var reason: String
        var testDescription: String { reason }
    }

    @Test(arguments: [
        Broken(xml: "<a><b></a>", reason: "</a> closes <b>"),
        Broken(xml: "<a>", reason: "ends inside <a>"),
        Broken(xml: "<a/><b/>", reason: "a second root element"),
        Broken(xml: "<a x=1/>", reason: "not quoted"),
        Broken(xml: "<a>&bogus;</a>", reason: "unknown entity"),
        Broken(xml: "<!DOCTYPE a [<!ENTITY e SYSTEM \"file:///etc/passwd\">]><a>&e;</a>", reason: "not accepted"),
        Broken(xml: "", reason: "no root element"),
        Broken(xml: "<a x='1' x='2'/>", reason: "appears twice"),
    ])
    func refusesMalformedDocuments(_ example: Broken) {
        do {
            _ = try events(example.xml)
            Issue.record("accepted \(example.xml)")
        } catch {
            #expect(error.code == .malformed)
            #expect(error.reason.contains(example.reason), "\(error)")
        }
    }

    @Test func reportsTheLineOfAnError() {
        do {
            _ = try events("<a>\n<b>\n</c>\n</a>")
            Issue.record("accepted mismatched tags")
        } catch {
            #expect(error.subject == "doc.xml, line 3")
        }
    }
}
