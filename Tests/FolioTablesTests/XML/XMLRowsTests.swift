import FolioTables
import FolioTestSupport
import FolioXML
import Foundation
import Testing

@Suite struct XMLRowsTests {
    /// A reply of the GeoNames Wikipedia search, as in the XML exercise.
    static let reply = """
        <?xml version="1.0" encoding="UTF-8" standalone="no"?>
        <geonames>
          <entry>
            <lang>en</lang>
            <title>Plano, Texas</title>
            <summary>Plano is a city in Collin and Denton Counties in the US state of Texas.</summary>
            <feature>city</feature>
            <countryCode>US</countryCode>
            <population>245411</population>
            <elevation>0</elevation>
            <lat>33.0193</lat>
            <lng>-96.7008</lng>
            <wikipediaUrl>http://en.wikipedia.org/wiki/Plano%2C_Texas</wikipediaUrl>
          </entry>
          <entry>
            <lang>en</lang>
            <title>Collin &amp; Denton</title>
            <feature>adm2</feature>
            <population>782341</population>
          </entry>
        </geonames>
        """

    static let books = """
        <catalog>
          <book id="b1"><author>Gambardella, Matthew</author><title>  XML   Developer's
             Guide </title><price>44.95</price></book>
          <book id="b2"><author>Ralls, Kim</author><title>Midnight Rain</title><price>5.95</price><note/></book>
        </catalog>
        """

    @Test func showsAWebServiceReplyInTabularForm() throws {
        let rows = try XMLRows(Array(Self.reply.utf8), rows: "//entry", columns: ["title", "population", "lat"])
        #expect(rows.columns == ["title", "population", "lat"])
        #expect(try rows.rowCount() == 2)
        #expect(try rows.row(at: 0) == ["Plano, Texas", "245411", "33.0193"])
        #expect(try rows.row(at: 1) == ["Collin & Denton", "782341", ""])
    }

    @Test func withoutColumnXPathsTheChildElementsAreTheColumns() throws {
        let rows = try XMLRows(Array(Self.reply.utf8), rows: "/geonames/entry[feature='city']")
        #expect(rows.columns.prefix(3) == ["lang", "title", "summary"])
        #expect(try rows.rowCount() == 1)
        #expect(try rows.row(at: 0)[1] == "Plano, Texas")
    }

    @Test func aRowWithoutChildElementsIsOneColumnOfItsText() throws {
        let rows = try XMLRows(Array(Self.reply.utf8), rows: "//title")
        #expect(rows.columns == ["title"])
        #expect(try rows.row(at: 1) == ["Collin & Denton"])
    }

    @Test func childElementsInADefaultNamespaceAreStillColumns() throws {
        let feed = #"<feed xmlns="http://www.w3.org/2005/Atom"><entry><title>One</title><id>1</id></entry></feed>"#
        let rows = try XMLRows(Array(feed.utf8), rows: "//*[local-name()='entry']")
        #expect(rows.columns == ["title", "id"])
        #expect(try rows.row(at: 0) == ["One", "1"])
    }

    @Test func prefixesTheRootDeclaresCanBeUsed() throws {
        let feed = #"<r xmlns:geo="urn:geo"><item><geo:lat>1.5</geo:lat></item></r>"#
        let rows = try XMLRows(Array(feed.utf8), rows: "//item")
        #expect(rows.columns == ["geo:lat"])
        #expect(try rows.row(at: 0) == ["1.5"])
        let explicit = try XMLRows(Array(feed.utf8), rows: "//item", columns: ["geo:lat * 2"])
        #expect(try explicit.row(at: 0) == ["3"])
    }

    @Test func attributesAndFunctionsInXPaths() throws {
        let xml = #"<people><person id="1" name="Homer"/><person id="2" name="Marge"/></people>"#
        let rows = try XMLRows(
            Array(xml.utf8), rows: "//person[number(@id) > 1] | //person[@name='Homer']", columns: ["@name", "@id"])
        #expect(try rows.row(at: 0) == ["Homer", "1"])
        #expect(try rows.row(at: 1) == ["Marge", "2"])
    }

    @Test func columnsMayComputeValues() throws {
        let rows = try XMLRows(
            Array(Self.books.utf8), rows: "//book",
            columns: [
                "count(*)", "name()", "normalize-space(title)", "price * 2", "substring-before(author, ',')",
                "concat(@id, ':', title = 'Midnight Rain')", "string-length(note) = 0 and boolean(note)",
            ])
        #expect(
            try rows.row(at: 0) == ["3", "book", "XML Developer's Guide", "89.9", "Gambardella", "b1:false", "false"])
        #expect(try rows.row(at: 1) == ["4", "book", "Midnight Rain", "11.9", "Ralls", "b2:true", "true"])
    }

    @Test func aCommaInsideACallDoesNotEndAColumn() {
        #expect(
            XMLRows.columnXPaths(fromList: "title, substring-before(author, ','), concat(@id, \",\", 'a,b'), x[f(1,2)]")
                == ["title", "substring-before(author, ',')", "concat(@id, \",\", 'a,b')", "x[f(1,2)]"])
        #expect(XMLRows.columnXPaths(fromList: "a,,b , ") == ["a", "b"])
        #expect(XMLRows.columnXPaths(fromList: "") == [])
    }

    @Test func whitespaceOnlyTextIsKeptAsXPathDefines() throws {
        let rows = try XMLRows(
            Array("<r><a> <b>x</b></a></r>".utf8), rows: "//a", columns: ["node()", "count(node())"])
        #expect(try rows.row(at: 0) == [" ", "2"])
    }

    @Test func theNamespaceAxisGivesNamespaceNodes() throws {
        let rows = try XMLRows(HostileXML.plain, rows: "/*/namespace::*", columns: ["name()", "."])
        #expect(try rows.rowCount() == 3)
        let values = try (0..<3).map { try rows.row(at: $0) }
        #expect(values.contains(["x", "urn:x"]))
        #expect(values.contains(["", "http://www.topografix.com/GPX/1/1"]))
        #expect(values.contains(["xml", "http://www.w3.org/XML/1998/namespace"]))
        let column = try XMLRows(HostileXML.plain, rows: "//*", columns: ["count(namespace::*)", "namespace::x"])
        #expect(try column.row(at: 2) == ["3", "urn:x"])
        let everywhere = try XMLRows(HostileXML.plain, rows: "//namespace::*")
        #expect(try everywhere.rowCount() == 9)
        #expect(everywhere.columns == ["."])
    }

    @Test(arguments: HostileXML.cases)
    func hostileInputIsAClearError(_ example: HostileXML.Case) throws {
        let error = try #require(throws: TableError.self) {
            try XMLRows(example.document, rows: example.rows, columns: example.columns, name: "hostile.xml")
        }
        #expect(error.code.rawValue == example.code, "\(error)")
        #expect(error.reason.contains(example.reason), "\(error)")
        #expect(error.reason.hasPrefix(example.code == "malformedXML" ? "malformed XML" : "invalid XPath"), "\(error)")
        #expect(error.description.count < 400, "\(error)")
    }

    @Test func aDocumentNestedWithinTheLimitIsReadWhole() throws {
        let rows = try XMLRows(HostileXML.nested(255), rows: "//a[not(a)]", columns: ["count(ancestor::*)", "."])
        #expect(try rows.row(at: 0) == ["254", "x"])
    }

    @Test func anExternalEntityIsNeverRead() throws {
        let error = try #require(throws: TableError.self) {
            try XMLRows(HostileXML.externalEntity, rows: "//b", columns: ["."])
        }
        #expect(!error.description.contains("root:"))
    }

    @Test(arguments: [
        Malformed(text: "", reason: "malformed XML: the document is empty"),
        Malformed(text: "just text", reason: "malformed XML at line 1, column 1: Start tag expected, '<' not found"),
        Malformed(
            text: "<a>\n<b></a>",
            reason: "malformed XML at line 2, column 8: Opening and ending tag mismatch: b line 2 and a"),
        Malformed(text: "<a>", reason: "malformed XML at line 1, column 4: Premature end of data in tag a line 1"),
        Malformed(
            text: "<a/><b/>", reason: "malformed XML at line 1, column 5: Extra content at the end of the document"),
        Malformed(text: "<a>&bogus;</a>", reason: "malformed XML at line 1, column 11: Entity 'bogus' not defined"),
        Malformed(text: "<a x='1' x='2'/>", reason: "malformed XML at line 1, column 15: Attribute x redefined"),
        Malformed(text: "<p:a/>", reason: "malformed XML at line 1, column 5: Namespace prefix p on a is not defined"),
        Malformed(text: "<a>\u{1B}</a>", reason: "malformed XML at line 1, column 4: PCDATA invalid Char value 27"),
    ])
    func malformedXMLIsAClearErrorNotACrash(_ example: Malformed) throws {
        let error = try #require(throws: TableError.self) {
            try XMLRows(Array(example.text.utf8), rows: "//a", name: "reply.xml")
        }
        #expect(error.code == .malformedXML)
        #expect(error.description == "read XML failed for reply.xml: \(example.reason) (malformedXML)")
    }

    @Test func otherDeclaredEncodingsAreRead() throws {
        let latin1: [UInt8] =
            Array("<?xml version='1.0' encoding='ISO-8859-1'?><a>caf".utf8) + [0xE9] + Array("</a>".utf8)
        let rows = try XMLRows(latin1, rows: "/a")
        #expect(try rows.row(at: 0) == ["café"])
        let bom = try XMLRows([0xEF, 0xBB, 0xBF] + Array("<a>x</a>".utf8), rows: "/a")
        #expect(try bom.row(at: 0) == ["x"])
    }

    @Test(arguments: [
        ("//[", "invalid XPath at character 3: this is not XPath 1.0"),
        ("foo(1)", "invalid XPath: the function is not one of XPath 1.0"),
        ("$x", "invalid XPath at character 3: variables are not supported"),
        ("a:b", "invalid XPath: a namespace prefix is not declared"),
        ("count(1)", "invalid XPath: a value has the wrong type"),
        ("concat('a')", "invalid XPath: a function is given the wrong number of arguments"),
        ("//entry[", "invalid XPath at character 9"),
        ("'abc", "invalid XPath at character 5: a string literal is not closed"),
        ("bogus::a", "invalid XPath"),
        ("", "invalid XPath: the expression is empty"),
    ])
    func invalidXPathIsAClearErrorNotACrash(expression: String, reason: String) throws {
        let error = try #require(throws: TableError.self) {
            try XMLRows(Array(Self.reply.utf8), rows: expression)
        }
        #expect(error.code == .invalidXPath)
        #expect(error.reason.hasPrefix(reason), "\(error.reason)")
        let column = try #require(throws: TableError.self) {
            try XMLRows(Array(Self.reply.utf8), rows: "//entry", columns: [expression])
        }
        #expect(column.code == .invalidXPath)
        #expect(column.operation == "select column")
    }

    @Test func rowsMustBeNodes() throws {
        let error = try #require(throws: TableError.self) {
            try XMLRows(Array(Self.reply.utf8), rows: "count(//entry)")
        }
        #expect(error.code == .invalidXPath)
        #expect(error.reason == "invalid XPath here: it gives a number, not nodes")
    }

    @Test func workBeyondTheLimitIsRefused() throws {
        let many = "<r>" + String(repeating: "<a>1</a>", count: 2000) + "</r>"
        let error = try #require(throws: TableError.self) {
            try XMLRows(
                Array(many.utf8), rows: "//a", columns: ["count(//a[. = //a])"],
                limits: XPathLimits(operations: 1_000_000))
        }
        #expect(error.code == .limitExceeded)
        #expect(error.reason.contains("more than 1000000 operations"))
    }

    @Test func aHugeConcatenationIsRefusedBeforeItIsMade() throws {
        let big = "<r>" + String(repeating: "x", count: 1 << 20) + "</r>"
        let arguments = Array(repeating: "/", count: 100).joined(separator: ",")
        let error = try #require(throws: TableError.self) {
            try XMLRows(Array(big.utf8), rows: "/r", columns: ["string-length(concat(\(arguments)))"])
        }
        #expect(error.code == .limitExceeded)
        #expect(error.reason.contains("concat() would make a string of more than"))
        let small = try XMLRows(Array(big.utf8), rows: "/r", columns: ["string-length(concat(/, /))"])
        #expect(try small.row(at: 0) == ["2097152"])
    }

    @Test func aTableOfTooMuchTextIsRefused() throws {
        let big = "<r>" + String(repeating: "<a/>", count: 100) + String(repeating: "x", count: 1 << 20) + "</r>"
        let error = try #require(throws: TableError.self) {
            try XMLRows(Array(big.utf8), rows: "//a", columns: ["/", "/"])
        }
        #expect(error.code == .limitExceeded)
        #expect(error.reason == "the table's values hold more than 64 MiB of text")
    }

    @Test(arguments: [
        "//entry", "/geonames/entry", "entry", "//entry[1]", "//entry[last()]", "//entry[position() mod 2 = 1]",
        "descendant::entry[population > 300000]", "//*[local-name()='entry']", "//entry/title/text()",
        "//entry[contains(title, 'Texas') and not(feature = 'adm2')]", "(//entry)[2]",
        "//entry[string-length(lang) div 2 = 1]",
        "//entry/..//entry", "id('x') | //entry", "//entry[-1 < 0]", "//node()[self::entry]", "//@*", "//comment()",
    ])
    func validXPathIsEvaluated(expression: String) throws {
        _ = try XMLRows(Array(Self.reply.utf8), rows: expression)
    }
}
