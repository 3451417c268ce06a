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

    @Test func anUnknownColumnIsABadRequest() throws {
        let client = try AppClient()
        let reply = client.send("GET", "/api/tables/Folio.app/Samples/simpsons.csv?sections=nope")
        #expect(reply.status == 400)
    }
}
