import FolioTestSupport
import Foundation
import Testing

@Suite struct SearchAPITests {
    static func client() throws -> AppClient {
        let client = try AppClient()
        try client.test.skipSampleContent()
        try client.test.plant("Documents/Garden.txt", "Water the roses before breakfast.")
        try client.test.plant("Documents/Projects/Plan.txt", "Roses along the bridge.")
        return client
    }

    @Test func answersRankedResultsWithSnippetsAndHighlights() throws {
        let client = try Self.client()
        let reply = client.send("GET", "/api/search?q=water%20ros")
        #expect(reply.status == 200)
        let results = try #require(reply.object["results"] as? [[String: Any]])
        #expect(results.map { $0["path"] as? String } == ["Documents/Garden.txt"])
        let result = try #require(results.first)
        #expect(result["name"] as? String == "Garden.txt")
        #expect(result["kind"] as? String == "note")
        #expect(result["snippet"] as? String == "Water the roses before breakfast.")
        #expect(
            result["highlights"] as? [[String: Int]] == [["offset": 0, "length": 5], ["offset": 10, "length": 5]])
        #expect((result["modified"] as? String)?.hasSuffix("Z") == true)
        let both = client.send("GET", "/api/search?q=roses&limit=1")
        #expect((both.object["results"] as? [Any])?.count == 1)
    }

    struct BadRequest: Sendable, CustomStringConvertible {
        var target: String
        var message: String
        var description: String { target }
    }

    static let badRequests: [BadRequest] = [
        BadRequest(target: "/api/search", message: "q is needed"),
        BadRequest(target: "/api/search?q=roses&limit=0", message: "limit must be a whole number from 1 to 1000"),
        BadRequest(target: "/api/search?q=roses&limit=x", message: "limit must be a whole number"),
        BadRequest(target: "/api/search?q=", message: "the query is empty"),
        BadRequest(target: "/api/search?q=%22", message: "no letter or digit"),
        BadRequest(target: "/api/search?q=" + String(repeating: "a%20", count: 40), message: "at most 32"),
    ]

    @Test(arguments: badRequests) func refusesBadQueries(_ bad: BadRequest) throws {
        let client = try Self.client()
        let reply = client.send("GET", bad.target)
        #expect(reply.status == 400)
        let message = (reply.object["error"] as? [String: Any])?["message"] as? String ?? reply.text
        #expect(message.contains(bad.message), "\(reply.text)")
        #expect(!reply.text.lowercased().contains("sqlite") && !reply.text.contains("fts5"))
    }

    @Test func queryTextIsNeverSQL() throws {
        let client = try Self.client()
        for text in ["AND", "roses OR", "NEAR(", "x'); DROP TABLE entries; --", "name:roses", "*"] {
            let encoded = text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
            let reply = client.send("GET", "/api/search?q=" + encoded)
            #expect(reply.status == 200 || reply.errorCode == "noWords", "\(text): \(reply.text)")
        }
        let reply = client.send("GET", "/api/search?q=roses")
        #expect((reply.object["results"] as? [Any])?.count == 2)
    }

    @Test func aDeletedDocumentIsNotAnswered() throws {
        let client = try Self.client()
        #expect((client.send("GET", "/api/search?q=bridge").object["results"] as? [Any])?.count == 1)
        try FileManager.default.removeItem(atPath: client.test.absolute("Documents/Projects/Plan.txt"))
        #expect((client.send("GET", "/api/search?q=bridge").object["results"] as? [Any])?.count == 0)
    }

    @Test func isDescribedInTheOpenAPIDocument() throws {
        let client = try Self.client()
        let document = client.send("GET", "/api/openapi.json").object
        let paths = try #require(document["paths"] as? [String: Any])
        let search = try #require((paths["/api/search"] as? [String: Any])?["get"] as? [String: Any])
        let names = (search["parameters"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
        #expect(names == ["q", "limit"])
    }
}
