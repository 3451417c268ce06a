/// XML documents and XPaths that crashed or fooled Folio's earlier XML engine, with the error
/// code each must now give, for the library, CLI and web tests alike.
public enum HostileXML {
    /// One hostile input: a document with a rows XPath and column XPaths.
    public struct Case: Sendable, CustomStringConvertible {
        /// What the case is, for test names.
        public var name: String
        /// The document.
        public var document: [UInt8]
        /// The rows XPath.
        public var rows: String
        /// The column XPaths.
        public var columns: [String]
        /// The code of the error Folio must give (`malformedXML` or `invalidXPath`).
        public var code: String
        /// Words the error's reason must contain.
        public var reason: String

        public var description: String { name }
    }

    /// A small well-formed document with a namespace, for the XPath cases.
    public static let plain = Array(
        #"<?xml version="1.0"?><gpx xmlns="http://www.topografix.com/GPX/1/1" xmlns:x="urn:x"><trk><name>a</name></trk></gpx>"#
            .utf8)

    /// Billion laughs: ten entities of ten references each.
    public static let billionLaughs: [UInt8] = {
        var text = #"<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol0 "lol">"#
        for level in 1...9 {
            text += "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1);", count: 10) + "\">"
        }
        return Array((text + "]><lolz>&lol9;</lolz>").utf8)
    }()

    /// An external entity that names a local file (XXE).
    public static let externalEntity = Array(
        #"<?xml version="1.0"?><!DOCTYPE a [<!ENTITY e SYSTEM "file:///etc/passwd">]><a><b>&e;</b></a>"#.utf8)

    /// Elements nested `depth` deep.
    public static func nested(_ depth: Int) -> [UInt8] {
        Array((String(repeating: "<a>", count: depth) + "x" + String(repeating: "</a>", count: depth)).utf8)
    }

    /// An XPath of `depth` nested parentheses.
    public static func parenthesized(_ depth: Int) -> String {
        String(repeating: "(", count: depth) + "//a" + String(repeating: ")", count: depth)
    }

    /// Every crash input, each with the error it must give.
    public static let cases: [Case] = [
        Case(
            name: "a NUL inside the XML declaration", document: Array("<?xml version=\"1.0\u{0}\"?><a/>".utf8),
            rows: "//a", columns: [], code: "malformedXML", reason: "malformed XML at line 1, column"),
        Case(
            name: "an element name starting with U+00B7", document: Array("<\u{B7}a>x</\u{B7}a>".utf8), rows: "//*",
            columns: [], code: "malformedXML", reason: "malformed XML at line 1, column 2"),
        Case(
            name: "an element name starting with U+0300", document: Array("<r><\u{300}a/></r>".utf8), rows: "//*",
            columns: [], code: "malformedXML", reason: "malformed XML at line 1, column 5"),
        Case(
            name: "a document nested 300 deep", document: nested(300), rows: "//a", columns: [],
            code: "malformedXML", reason: "nest more than 256 levels below the root"),
        Case(
            name: "billion laughs", document: billionLaughs, rows: "//lolz", columns: [], code: "malformedXML",
            reason: "declares the entity"),
        Case(
            name: "an external entity (XXE)", document: externalEntity, rows: "//b", columns: [],
            code: "malformedXML", reason: "declares the entity 'e'"),
        Case(
            name: "an XPath nested 500 deep", document: plain, rows: parenthesized(500), columns: [],
            code: "invalidXPath", reason: "nests deeper"),
        Case(
            name: "a column XPath nested 500 deep", document: plain, rows: "//*", columns: [parenthesized(500)],
            code: "invalidXPath", reason: "nests deeper"),
        Case(
            name: "an XPath with 5,001 predicates", document: plain,
            rows: "//*" + String(repeating: "[1]", count: 5001), columns: [], code: "invalidXPath",
            reason: "nests deeper"),
        Case(
            name: "a column XPath with 5,001 predicates", document: plain, rows: "/*",
            columns: ["count(*" + String(repeating: "[1]", count: 5001) + ")"], code: "invalidXPath",
            reason: "nests deeper"),
    ]
}
