import FolioTestSupport
import FolioXML
import Testing

@Suite struct XPathContextTests {
    static let document = "<r xmlns:x='urn:x'><a n='1'>one</a><a n='2'>two</a><x:b>three</x:b></r>"

    func context(_ text: String = Self.document, limits: XPathLimits = XPathLimits()) throws -> XPathContext {
        XPathContext(try XMLDocument(parsing: Array(text.utf8), name: "r.xml"), limits: limits)
    }

    @Test func selectsNodesOfEveryKind() throws {
        let xpath = try context()
        #expect(try xpath.nodes(try xpath.compile("//a")).map(\.stringValue) == ["one", "two"])
        let attributes = try xpath.nodes(try xpath.compile("//@n"))
        #expect(attributes.map(\.kind) == [.attribute, .attribute])
        #expect(attributes.map(\.name) == ["n", "n"])
        #expect(try xpath.nodes(try xpath.compile("//text()")).map(\.kind) == [.text, .text, .text])
        #expect(try xpath.nodes(try xpath.compile("/")).map(\.kind) == [.document])
        #expect(try xpath.nodes(try xpath.compile("//x:b")).map(\.stringValue) == ["three"])
    }

    @Test func namespaceNodesOutliveTheirResultSafely() throws {
        let xpath = try context()
        let namespaces = try xpath.nodes(try xpath.compile("/r/namespace::*"))
        #expect(namespaces.map(\.kind) == [.namespace, .namespace])
        #expect(Set(namespaces.compactMap(\.localName)) == ["xml", "x"])
        #expect(Set(namespaces.map(\.stringValue)) == ["urn:x", "http://www.w3.org/XML/1998/namespace"])
        let name = try xpath.compile("name()")
        let parent = try xpath.compile("name(..)")
        for node in namespaces {
            #expect(try xpath.string(name, at: node) == node.localName)
            #expect(try xpath.string(parent, at: node) == "r")
            #expect(node.childElements.isEmpty)
        }
    }

    @Test func valuesAreWrittenAsXPathWritesThem() throws {
        let xpath = try context()
        let first = try #require(try xpath.nodes(try xpath.compile("//a")).first)
        let cases = [
            ("count(../a)", "2"), ("@n * 2.5", "2.5"), ("1 div 0", "Infinity"), ("number('x')", "NaN"),
            ("@n = 1", "true"), ("concat(., '-', @n)", "one-1"), ("normalize-space('  a  b ')", "a b"),
        ]
        for (expression, value) in cases {
            #expect(try xpath.string(try xpath.compile(expression), at: first) == value, "\(expression)")
        }
    }

    @Test func aValueIsNotNodes() throws {
        let xpath = try context()
        let error = try #require(throws: XMLError.self) { try xpath.nodes(try xpath.compile("count(//a)")) }
        #expect(error.code == .invalidXPath)
        #expect(error.reason == "invalid XPath here: it gives a number, not nodes")
    }

    @Test func compileErrorsSayWhere() throws {
        let xpath = try context()
        let error = try #require(throws: XMLError.self) { try xpath.compile("//a[@n = ]") }
        #expect(error.code == .invalidXPath)
        #expect(error.reason == "invalid XPath at character 10: this is not XPath 1.0")
        #expect(error.operation == "compile XPath")
        let nul = try #require(throws: XMLError.self) { try xpath.compile("//a\u{0}/b") }
        #expect(nul.reason.contains("NUL"))
    }

    @Test func nestingIsLimitedWhenCompilingAndWhenEvaluating() throws {
        let xpath = try context()
        _ = try xpath.nodes(try xpath.compile(HostileXML.parenthesized(90)))
        let deep = try #require(throws: XMLError.self) { try xpath.compile(HostileXML.parenthesized(500)) }
        #expect(deep.code == .invalidXPath)
        #expect(deep.reason.contains("nests deeper than 1000"))
        _ = try xpath.nodes(try xpath.compile("//a" + String(repeating: "[1]", count: 900)))
        let predicates = try xpath.compile("//a" + String(repeating: "[1]", count: 5001))
        let chain = try #require(throws: XMLError.self) { try xpath.nodes(predicates) }
        #expect(chain.code == .invalidXPath)
        #expect(chain.operation == "evaluate XPath")
    }

    @Test func operationsAreCountedAcrossEvaluations() throws {
        let xpath = try context(limits: XPathLimits(operations: 200))
        let expression = try xpath.compile("count(//a)")
        var failure: XMLError?
        for _ in 0..<100 {
            do {
                _ = try xpath.string(expression)
            } catch {
                failure = error
                break
            }
        }
        let error = try #require(failure)
        #expect(error.code == .limitExceeded)
        #expect(error.reason.contains("more than 200 operations"))
    }

    @Test func resultsAreLimitedInNodesAndLength() throws {
        let many = "<r>" + String(repeating: "<a>xx</a>", count: 20) + "</r>"
        let nodes = try context(many, limits: XPathLimits(nodes: 10))
        let error = try #require(throws: XMLError.self) { try nodes.nodes(try nodes.compile("//a")) }
        #expect(error.code == .limitExceeded)
        let long = try context(many, limits: XPathLimits(stringLength: 30))
        let string = try #require(throws: XMLError.self) { try long.string(try long.compile("string(/)")) }
        #expect(string.code == .limitExceeded)
        let concat = try #require(throws: XMLError.self) {
            try long.string(try long.compile("string-length(concat(//a, /, /))"))
        }
        #expect(concat.reason.contains("concat() would make a string of more than 30 bytes"))
        #expect(try long.string(try long.compile("concat(//a, '|', //a[2])")) == "xx|xx")
    }
}
