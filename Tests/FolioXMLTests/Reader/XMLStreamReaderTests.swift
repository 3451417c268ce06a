import FolioTestSupport
import FolioXML
import Testing

@Suite struct XMLStreamReaderTests {
    struct Failure: Error {}

    /// A reader over `bytes` that hands them out `chunk` bytes at a time.
    func reader(_ bytes: [UInt8], chunk: Int = 3, whitespace: Bool = false) -> XMLStreamReader {
        var remaining = bytes[...]
        return XMLStreamReader(name: "doc.xml", reportsWhitespace: whitespace) { count in
            guard !remaining.isEmpty else { return nil }
            let part = remaining.prefix(min(count, chunk))
            remaining = remaining.dropFirst(part.count)
            return Array(part)
        }
    }

    func events(_ text: String, chunk: Int = 3, whitespace: Bool = false) throws(XMLError) -> [XMLStreamEvent] {
        let reader = reader(Array(text.utf8), chunk: chunk, whitespace: whitespace)
        var events: [XMLStreamEvent] = []
        while let event = try reader.next() { events.append(event) }
        return events
    }

    @Test func readsElementsAttributesAndTextInOrder() throws {
        let events = try events(
            "<?xml version='1.0'?><g xmlns='urn:g' xmlns:f='urn:f'><p lat='1.5' f:x='2'>a &amp; <![CDATA[<b>]]></p>"
                + "<e/>\n</g>")
        #expect(
            events == [
                .start(XMLStreamElement(localName: "g", namespaceURI: "urn:g", attributes: [])),
                .start(
                    XMLStreamElement(
                        localName: "p", namespaceURI: "urn:g",
                        attributes: [
                            XMLStreamAttribute(localName: "lat", namespaceURI: nil, value: "1.5"),
                            XMLStreamAttribute(localName: "x", namespaceURI: "urn:f", value: "2"),
                        ])),
                .text("a & <b>"),
                .end(localName: "p", namespaceURI: "urn:g"),
                .start(XMLStreamElement(localName: "e", namespaceURI: "urn:g", attributes: [])),
                .end(localName: "e", namespaceURI: "urn:g"),
                .end(localName: "g", namespaceURI: "urn:g"),
            ])
        #expect(try self.events("<a> <b/></a>", whitespace: true).contains(.text(" ")))
    }

    @Test func aByteOrderMarkAndOtherEncodingsAreRead() throws {
        let bom = reader([0xEF, 0xBB, 0xBF] + Array("<a>é</a>".utf8))
        _ = try bom.next()
        #expect(try bom.next() == .text("é"))
        let latin1 = reader(Array("<?xml version='1.0' encoding='ISO-8859-1'?><a>".utf8) + [0xE9] + Array("</a>".utf8))
        _ = try latin1.next()
        #expect(try latin1.next() == .text("é"))
    }

    @Test func malformedXMLNamesItsLine() throws {
        let error = try #require(throws: XMLError.self) { try events("<a>\n<b>\n</a>") }
        #expect(error.code == .malformed)
        #expect(error.line == 3)
        #expect(error.reason.hasPrefix("malformed XML at line 3"))
    }

    @Test(arguments: [HostileXML.billionLaughs, HostileXML.externalEntity, HostileXML.nested(300)])
    func hostileDocumentsAreRefused(_ document: [UInt8]) throws {
        let reader = reader(document, chunk: 1 << 16)
        let error = try #require(throws: XMLError.self) {
            while try reader.next() != nil {}
        }
        #expect(error.code == .malformed)
        #expect(error.reason.hasPrefix("malformed XML"))
        let error2 = #expect(throws: XMLError.self) { try reader.next() }
        #expect(error2?.code == .malformed)
    }

    @Test func anUndefinedEntityIsAnError() throws {
        let error = try #require(throws: XMLError.self) { try events("<a>&nope;</a>") }
        #expect(error.reason.contains("nope"))
    }

    @Test func aFailingSourceEndsTheReading() throws {
        var calls = 0
        let reader = XMLStreamReader(name: "broken") { _ in
            calls += 1
            if calls == 1 { return Array("<a><b>".utf8) }
            throw Failure()
        }
        let error = try #require(throws: XMLError.self) {
            while try reader.next() != nil {}
        }
        #expect(error.code == .readFailed)
    }

    @Test func anEmptyDocumentIsMalformed() throws {
        let error = try #require(throws: XMLError.self) { try events("") }
        #expect(error.code == .malformed)
    }
}
