import FolioServer
import FolioTestSupport
import Foundation
import Testing

@Suite struct TablesAPITests {
    @Test func theSimpsonsInTwoSectionsWithHeadersAndFooters() throws {
        let client = try AppClient()
        let reply = client.send(
            "GET",
            "/api/tables/Folio.app/Samples/simpsons.csv?sections=section&text=name&detail=role&image=image"
                + "&footer=End%20of%20Simpsons%20Family%7CEnd%20of%20The%20Others")
        #expect(reply.status == 200, "\(reply.text)")
        let sections = try #require(reply.object["sections"] as? [[String: Any]])
        #expect(sections.map { $0["header"] as? String } == ["The Simpsons Family", "The Others"])
        #expect(sections.map { $0["footer"] as? String } == ["End of Simpsons Family", "End of The Others"])
        let family = try #require(sections.first?["rows"] as? [[String: Any]])
        #expect(family.first?["text"] as? String == "Homer Jay Simpson")
        #expect(family.first?["detail"] as? String == "Father")
    }

    @Test func rendersEscapedHTML() throws {
        let client = try AppClient()
        try client.test.plant("Documents/hostile.csv", "name,detail\n<script>alert(1)</script>,x\n")
        let reply = client.send("GET", "/api/tables/Documents/hostile.csv?format=html")
        #expect(reply.status == 200)
        #expect(!reply.text.contains("<script>"))
        #expect(reply.text.contains("&lt;script&gt;"))
    }

    /// A file that is not valid CSV is the file's fault, not the server's: 422, like malformed JSON.
    @Test(arguments: [
        ("broken.csv", "name,role\n\"Homer,Father\n", "malformedCSV"),
        ("later.csv", "name,role\n" + String(repeating: "a,b\n", count: 3000) + "x,\"y\"z\n", "malformedCSV"),
        ("broken.json", "[{\"name\": ", "malformedJSON"),
    ])
    func aMalformedFileIsUnprocessableNotAServerError(name: String, contents: String, code: String) throws {
        let client = try AppClient()
        try client.test.plant("Documents/" + name, contents)
        let reply = client.send("GET", "/api/tables/Documents/" + name)
        #expect(reply.status == 422, "\(reply.text)")
        #expect(reply.errorCode == code)
        #expect((reply.object["error"] as? [String: Any])?["subject"] as? String == "Documents/" + name)
    }

    /// The chapter's images beside each row: a picture the image column names is given by its
    /// container path in JSON and linked in HTML; a name with no picture keeps its symbol.
    @Test func theImageColumnsPicturesAreGivenAndLinked() throws {
        let client = try AppClient()
        try client.test.plant(
            "Documents/family/people.csv", "name,image\nHomer,faces/homer face.png\nBart,nobody.png\n")
        try client.test.plant("Documents/family/faces/homer face.png", "picture")
        let reply = client.send("GET", "/api/tables/Documents/family/people.csv?image=image")
        #expect(reply.status == 200, "\(reply.text)")
        let sections = try #require(reply.object["sections"] as? [[String: Any]])
        let rows = try #require(sections.first?["rows"] as? [[String: Any]])
        #expect(rows.map { $0["imagePath"] as? String } == ["Documents/family/faces/homer face.png", nil])
        #expect(rows.map { $0["image"] as? String } == ["faces/homer face.png", "nobody.png"])
        let html = client.send("GET", "/api/tables/Documents/family/people.csv?image=image&format=html")
        #expect(html.text.contains("src=\"/api/files/Documents/family/faces/homer%20face.png?raw=1\""), "\(html.text)")
        #expect(html.text.contains("aria-label=\"nobody.png\""))
        let picture = client.send("GET", "/api/files/Documents/family/faces/homer%20face.png?raw=1")
        #expect(picture.text == "picture")
    }

    @Test func anUnknownColumnIsABadRequest() throws {
        let client = try AppClient()
        let reply = client.send("GET", "/api/tables/Folio.app/Samples/simpsons.csv?sections=nope")
        #expect(reply.status == 400)
    }

    static func encoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text
    }

    @Test(arguments: HostileXML.cases)
    func hostileXMLIsAClientErrorAndTheServerKeepsServing(_ example: HostileXML.Case) throws {
        let client = try AppClient()
        let url = URL(fileURLWithPath: client.test.absolute("Documents/hostile.xml"))
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(example.document).write(to: url)
        let columns = example.columns.isEmpty ? "" : "&columns=" + Self.encoded(example.columns.joined(separator: ","))
        let reply = client.send(
            "GET", "/api/tables/Documents/hostile.xml?xpath=\(Self.encoded(example.rows))\(columns)")
        #expect(reply.status == (example.code == "malformedXML" ? 422 : 400), "\(reply.text)")
        #expect(reply.errorCode == example.code, "\(reply.text)")
        let after = client.send("GET", "/api/tables/Folio.app/Samples/simpsons.csv")
        #expect(after.status == 200)
    }

    @Test func theNamespaceAxisOfTheSampleTrackIsATable() throws {
        let client = try AppClient()
        let reply = client.send(
            "GET",
            "/api/tables/Folio.app/Samples/white-house-to-pentagon.gpx?xpath=\(Self.encoded("//namespace::*"))"
                + "&columns=\(Self.encoded("name(), concat(name(), '=', .)"))")
        #expect(reply.status == 200, "\(reply.text)")
        #expect(reply.text.contains("folio=urn:folio:gpx:1"), "\(reply.text)")
    }

    @Test func xpathWorkPastItsLimitIsUnprocessable() throws {
        let client = try AppClient()
        let big = "<r>" + String(repeating: "<a/>", count: 100) + String(repeating: "x", count: 1 << 20) + "</r>"
        try client.test.plant("Documents/big.xml", big)
        let reply = client.send("GET", "/api/tables/Documents/big.xml?xpath=//a&columns=/,/")
        #expect(reply.status == 422, "\(reply.text)")
        #expect(reply.errorCode == "limitExceeded")
    }
}
