import FolioTestSupport
import FolioXML
import Testing

@Suite struct XMLDocumentTests {
    func parse(_ text: String) throws(XMLError) -> XMLDocument {
        try XMLDocument(parsing: Array(text.utf8), name: "doc.xml")
    }

    @Test func parsesAndKeepsWhitespaceText() throws {
        let document = try parse("<a x='1'> <b>x</b><!--c--></a>")
        let root = try #require(document.root)
        #expect(root.kind == .element)
        #expect(root.name == "a")
        #expect(root.stringValue == " x")
        #expect(root.childElements.map(\.name) == ["b"])
        #expect(document.node.kind == .document)
        #expect(document.node.childElements.map(\.name) == ["a"])
    }

    @Test func namesNamespacesAndPrefixes() throws {
        let document = try parse("<r xmlns='urn:d' xmlns:p='urn:p'><p:a/><b/></r>")
        let children = try #require(document.root).childElements
        #expect(children.map(\.name) == ["p:a", "b"])
        #expect(children.map(\.localName) == ["a", "b"])
        #expect(children.map(\.namespaceURI) == ["urn:p", "urn:d"])
    }

    @Test func theFirstProblemIsReportedWithItsLineAndColumn() throws {
        let error = try #require(throws: XMLError.self) { try parse("<a>\n  <b></c>\n</a>") }
        #expect(error.code == .malformed)
        #expect(error.line == 2)
        #expect(error.column == 10)
        #expect(
            error.description
                == "parse XML failed for doc.xml: malformed XML at line 2, column 10: Opening and ending tag mismatch: "
                + "b line 2 and c (malformed)")
    }

    @Test func entityDeclarationsAreRefusedBeforeAnythingIsExpandedOrLoaded() throws {
        for document in [HostileXML.billionLaughs, HostileXML.externalEntity] {
            let error = try #require(throws: XMLError.self) { try XMLDocument(parsing: document, name: "e.xml") }
            #expect(error.code == .malformed)
            #expect(error.reason.contains("declares the entity"), "\(error)")
        }
        let internalEntity = try #require(throws: XMLError.self) {
            try parse("<!DOCTYPE a [<!ENTITY copy \"(c)\">]><a>&copy;</a>")
        }
        #expect(internalEntity.reason.contains("'copy'"))
    }

    @Test func aDocumentTypeWithoutEntitiesIsReadAndItsDTDNotLoaded() throws {
        let document = try parse(
            "<!DOCTYPE a SYSTEM \"file:///nonexistent/a.dtd\" [<!ELEMENT a ANY><!ATTLIST a x CDATA 'd'>]><a>ok</a>")
        let root = try #require(document.root)
        #expect(root.stringValue == "ok")
        let xpath = XPathContext(document)
        #expect(try xpath.string(try xpath.compile("count(/a/@x)")) == "0")
    }

    @Test func nestingIsLimitedTo256LevelsBelowTheRoot() throws {
        _ = try XMLDocument(parsing: HostileXML.nested(257), name: "deep.xml")
        let error = try #require(throws: XMLError.self) {
            try XMLDocument(parsing: HostileXML.nested(258), name: "deep.xml")
        }
        #expect(error.reason.contains("the elements nest more than 256 levels below the root"))
    }

    @Test(arguments: [
        [UInt8](), Array("<?xml version=\"1.0\u{0}\"?><a/>".utf8), Array("<\u{B7}a/>".utf8), Array("<\u{300}a/>".utf8),
        [0xFF, 0xFE, 0x3C], Array("<a>".utf8), Array("<a></a>trailing".utf8),
    ])
    func malformedInputIsAnErrorNotACrash(_ bytes: [UInt8]) throws {
        let error = try #require(throws: XMLError.self) { try XMLDocument(parsing: bytes, name: "bad.xml") }
        #expect(error.code == .malformed)
        #expect(error.reason.hasPrefix("malformed XML"))
        #expect(!error.reason.unicodeScalars.contains { $0.properties.generalCategory == .control })
    }
}
