/// XML and XPath for the fuzzer: the tokens worth inserting, how XML nests, and seeds framed
/// as `ROWS-XPATH\nCOLUMN-XPATHS\nDOCUMENT` (the column XPaths comma-separated).
enum XMLTokens {
    static let document = [
        "<", ">", "</", "/>", "<a>", "</a>", "<a/>", "&", "&amp;", "&lt;", "&#0;", "&#x0;", "&#xD800;", "&#x10FFFF;",
        "&#x110000;", "&#99999999999;", "&unknown;", "<![CDATA[", "]]>", "<!--", "-->", "<?xml version=\"1.0\"?>",
        "<?xml version=\"1.0\" encoding=\"UTF-16\"?>", "<?xml version=\"1.1\"?>", "<?xml\0 version=\"1.0\"?>",
        "<!DOCTYPE a [<!ENTITY e \"x\">]>", "<!DOCTYPE a SYSTEM \"file:///etc/passwd\">",
        "<!ENTITY e SYSTEM \"http://127.0.0.1:9/\">", "&e;", "xmlns=\"u\"", " xmlns:a=\"u\"", "a:b", "=", "=\"\"",
        "<\u{00B7}x/>", "<\u{0300}x/>", "<x\u{00B7}/>", "<?pi data?>", " a=\"1\" a=\"2\"",
        "<trkpt lat=\"1\" lon=\"2\">",
        "</trkpt>", "<time>2009-10-17T18:37:26Z</time>", "<ele>", "</ele>",
    ]

    static let nesting: [MutationProfile.Nesting] = [
        .init("<a>", "</a>"), .init("<a:b xmlns:a=\"u\">", "</a:b>"), .init("<trkseg>", "</trkseg>"),
        .init("<!--", "-->"),
    ]

    static let xpath = [
        "/", "//", ".", "..", "@", "*", "@*", "[", "]", "(", ")", "[1]", "[last()]", "[0]", "[-1]", "|", ",",
        "namespace::*", "ancestor::*", "following-sibling::", "preceding::", "attribute::", "self::node()",
        "descendant-or-self::", "child::", "count(", "name()", "local-name()", "text()", "node()",
        "comment()", "processing-instruction()", "'", "\"", "=", "!=", "<", "<=", "and", "or", "div", "mod", "$x",
        "position()", "last()", "string-length(", "concat(", "translate(", "substring(", "sum(", "id(", "lang(",
        "1 div 0", "-", "0", "1e400", "a:b", "::", "\u{00B7}", "\u{0300}", "normalize-space(", "boolean(",
        "number(", "string(", "*[local-name()='trkpt']", "foo(", ")(",
    ]

    /// The rows XPath, the column XPaths and the document of a framed input.
    static func unframe(_ input: [UInt8]) -> (rows: String, columns: [String], document: [UInt8]) {
        var lines = input.split(separator: UInt8(ascii: "\n"), maxSplits: 2, omittingEmptySubsequences: false)
        while lines.count < 3 { lines.append([]) }
        let rows = String(decoding: lines[0], as: UTF8.self)
        let columns = String(decoding: lines[1], as: UTF8.self)
            .split(separator: ",").map { String($0).trimmingCharacters(in: " ") }
            .filter { !$0.isEmpty }
        return (rows, columns, Array(lines[2]))
    }

    /// A framed seed.
    static func framed(_ name: String, rows: String, columns: [String], document: [UInt8]) -> Seed {
        Seed(name: name, bytes: Array((rows + "\n" + columns.joined(separator: ",") + "\n").utf8) + document)
    }

    static func seeds(from corpus: SeedCorpus) -> [Seed] {
        let trackPoints = "//*[local-name()='trkpt']"
        var seeds: [Seed] = []
        for sample in corpus.bundleFile("Samples/white-house-to-pentagon.gpx", limit: 1 << 16) {
            seeds.append(
                framed(sample.name, rows: trackPoints, columns: ["@lat", "@lon", "*"], document: sample.bytes))
        }
        for file in corpus.corpusFiles("gpx", suffixes: [".gpx"], count: 10, limit: 1 << 15) {
            seeds.append(framed(file.name, rows: trackPoints, columns: ["@lat", "@lon"], document: file.bytes))
        }
        for file in corpus.corpusFiles("gpx-schema", suffixes: [".xsd"], limit: 1 << 15) {
            seeds.append(
                framed(
                    file.name, rows: "//*[local-name()='element']", columns: ["@name", "@type"], document: file.bytes))
        }
        let geonames = """
            <?xml version="1.0" encoding="UTF-8"?>
            <geonames><totalResultsCount>2</totalResultsCount>
            <entry id="1"><title>Plano, Texas</title><summary>A city &amp; its <b>suburbs</b></summary><population>245411</population></entry>
            <entry id="2"><title><![CDATA[Dallas <TX>]]></title><summary/><population>1197816</population><!-- a note --></entry>
            </geonames>
            """
        seeds.append(
            framed(
                "geonames.xml", rows: "//entry", columns: ["title", "population", "@id"], document: Array(geonames.utf8)
            ))
        seeds.append(
            framed("geonames.xml (child columns)", rows: "/geonames/entry", columns: [], document: Array(geonames.utf8))
        )
        let namespaced = """
            <r xmlns="urn:x" xmlns:p="urn:p"><p:item p:k="v">one</p:item><item>two</item><?pi x?></r>
            """
        seeds.append(
            framed("namespaced.xml", rows: "//*", columns: ["text()", "@*"], document: Array(namespaced.utf8)))
        return seeds
    }
}

extension String {
    /// The string without `character` at either end.
    fileprivate func trimmingCharacters(in character: Character) -> String {
        var text = Substring(self)
        while text.first == character { text.removeFirst() }
        while text.last == character { text.removeLast() }
        return String(text)
    }
}
