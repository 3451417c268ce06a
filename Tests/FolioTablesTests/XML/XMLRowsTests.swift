import FolioTables
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

    @Test func attributesAndFunctionsInXPaths() throws {
        let xml = #"<people><person id="1" name="Homer"/><person id="2" name="Marge"/></people>"#
        let rows = try XMLRows(
            Array(xml.utf8), rows: "//person[number(@id) > 1] | //person[@name='Homer']", columns: ["@name", "@id"])
        #expect(try rows.row(at: 0) == ["Homer", "1"])
        #expect(try rows.row(at: 1) == ["Marge", "2"])
    }

    @Test(arguments: [
        Malformed(text: "", reason: "line 1, column 1: the document has no root element"),
        Malformed(text: "just text", reason: "line 1, column 1: expected the root element"),
        Malformed(text: "<a><b></a>", reason: "line 1, column 11: </a> does not close <b>"),
        Malformed(text: "<a>", reason: "line 1, column 4: the document ends inside an element"),
        Malformed(text: "<a/><b/>", reason: "line 1, column 5: a document has only one root element"),
        Malformed(
            text: "<a>&bogus;</a>",
            reason: "line 1, column 5: the entity &bogus; is not defined (only the five predefined entities are)"),
        Malformed(text: "<a x='1' x='2'/>", reason: "line 1, column 11: <a> has the attribute x twice"),
        Malformed(text: "<p:a/>", reason: "line 1, column 5: the namespace prefix 'p' of p:a is not declared"),
        Malformed(text: "<a>\u{1B}</a>", reason: "line 1, column 4: the control character 0x1b is not allowed in XML"),
        Malformed(
            text: #"<!DOCTYPE a [<!ENTITY e SYSTEM "file:///etc/passwd">]><a>&e;</a>"#,
            reason: "line 1, column 1: a DOCTYPE is not allowed (document type definitions and entities are refused)"),
        Malformed(
            text: "<?xml version='1.0' encoding='ISO-8859-1'?><a/>",
            reason: "line 1, column 1: only UTF-8 XML is read, not iso-8859-1"),
    ])
    func malformedXMLIsAClearErrorNotACrash(_ example: Malformed) throws {
        let error = try #require(throws: TableError.self) {
            try XMLRows(Array(example.text.utf8), rows: "//a", name: "reply.xml")
        }
        #expect(error.code == .malformedXML)
        #expect(error.description == "read XML failed for reply.xml: \(example.reason) (malformedXML)")
    }

    @Test(arguments: [
        ("//[", "expected a step (a name, *, ., .., @name or a node test)"),
        ("foo(1)", "unknown function foo()"),
        ("$x", "variables are not supported"),
        ("a:b", "namespace prefixes are not supported (use *[local-name()='…'])"),
        ("\"abc\"/x", "'/' can follow only an expression that gives nodes"),
        ("count(1)", "count() needs nodes as its argument"),
        ("concat('a')", "concat() takes 2 or more arguments, not 1"),
        ("count(//entry)", "the expression gives a value, not nodes; select nodes (e.g. title, not string(title))"),
        ("//entry[", "expected a step (a name, *, ., .., @name or a node test)"),
        ("1.2.3", "unexpected a number"),
        ("'abc' | //a", "'|' joins node-sets only"),
        ("bogus::a", "unknown axis bogus::"),
    ])
    func invalidXPathIsAClearErrorNotACrash(expression: String, reason: String) throws {
        let error = try #require(throws: TableError.self) {
            try XMLRows(Array(Self.reply.utf8), rows: expression)
        }
        #expect(error.code == .invalidXPath)
        #expect(error.reason == reason)
        let column = try #require(throws: TableError.self) {
            try XMLRows(Array(Self.reply.utf8), rows: "//entry", columns: [expression])
        }
        #expect(column.code == .invalidXPath)
    }

    @Test(arguments: [
        "//entry", "/geonames/entry", "entry", "//entry[1]", "//entry[last()]", "//entry[position() mod 2 = 1]",
        "descendant::entry[population > 300000]", "//*[local-name()='entry']", "//entry/title/text()",
        "//entry[contains(title, 'Texas') and not(feature = 'adm2')]", "(//entry)[2]",
        "//entry[string-length(lang) div 2 = 1]",
        "//entry/..//entry", "id('x') | //entry", "//entry[-1 < 0]", "//node()[self::entry]",
    ])
    func validXPathIsEvaluated(expression: String) throws {
        _ = try XMLRows(Array(Self.reply.utf8), rows: expression)
    }
}
