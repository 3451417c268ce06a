import FolioDocuments
import FolioSandbox
import FolioServer
import FolioTestSupport
import Foundation
import Testing

@Suite struct DocumentsAPIKeepBothTests {
    @Test func aConflictWithKeepBothAnswers201WithTheNewDocument() throws {
        let client = try AppClient()
        try client.test.plant("Documents/Notes.txt", "first")
        let etag = try #require(client.send("GET", "/api/documents/Notes.txt").headers["ETag"])
        try client.test.plant("Documents/Notes.txt", "theirs")
        let reply = client.send(
            "PUT", "/api/documents/Notes.txt?onConflict=keepBoth", body: Data("mine".utf8),
            headers: ["If-Match": etag])
        #expect(reply.status == 201, "\(reply.text)")
        #expect(reply.object["name"] as? String == "Notes 2.txt")
        #expect(reply.object["kind"] as? String == "note")
        #expect(client.test.read("Documents/Notes.txt") == "theirs")
        #expect(client.test.read("Documents/Notes 2.txt") == "mine")
        // The ETag is the new document's: its next save is based on it.
        let newTag = try #require(reply.headers["ETag"])
        let next = client.send(
            "PUT", "/api/documents/Notes%202.txt", body: Data("mine, again".utf8), headers: ["If-Match": newTag])
        #expect(next.status == 200)
    }

    @Test func withoutAConflictKeepBothSavesInPlaceWith200() throws {
        let client = try AppClient()
        try client.test.plant("Documents/Notes.txt", "first")
        let etag = try #require(client.send("GET", "/api/documents/Notes.txt").headers["ETag"])
        let reply = client.send(
            "PUT", "/api/documents/Notes.txt?onConflict=keepBoth", body: Data("second".utf8),
            headers: ["If-Match": etag])
        #expect(reply.status == 200)
        #expect(reply.object["name"] as? String == "Notes.txt")
        #expect(client.test.read("Documents/Notes.txt") == "second")
        #expect(!client.test.exists("Documents/Notes 2.txt"))
    }

    @Test func aDrawingIsKeptBothAsADrawing() throws {
        let client = try AppClient()
        let created = client.send("POST", "/api/documents", body: Data(#"{"kind":"drawing"}"#.utf8))
        let name = try #require(created.object["name"] as? String)
        let path = "/api/documents/" + (name.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? name)
        let etag = try #require(client.send("GET", path).headers["ETag"])
        let theirs = Drawing(drawables: [.line(Drawing.Line(from: .init(x: 0, y: 0), to: .init(x: 5, y: 5)))])
        #expect(
            client.send("PUT", path, body: try JSONEncoder().encode(theirs), headers: ["If-Match": etag]).status == 200)
        let mine = Drawing(drawables: [.line(Drawing.Line(from: .init(x: 1, y: 1), to: .init(x: 9, y: 9)))])
        let reply = client.send(
            "PUT", path + "?onConflict=keepBoth", body: try JSONEncoder().encode(mine), headers: ["If-Match": etag])
        #expect(reply.status == 201)
        let copy = try #require(reply.object["name"] as? String)
        #expect(copy == FileName.numbered(name, 2))
        let copyPath = "/api/documents/" + (copy.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? copy)
        #expect(try JSONDecoder().decode(Drawing.self, from: client.send("GET", copyPath).body) == mine)
        #expect(try JSONDecoder().decode(Drawing.self, from: client.send("GET", path).body) == theirs)
    }

    @Test func anUnknownOnConflictIsRefusedAndWritesNothing() throws {
        let client = try AppClient()
        try client.test.plant("Documents/Notes.txt", "first")
        let etag = try #require(client.send("GET", "/api/documents/Notes.txt").headers["ETag"])
        let reply = client.send(
            "PUT", "/api/documents/Notes.txt?onConflict=overwrite", body: Data("mine".utf8),
            headers: ["If-Match": etag])
        #expect(reply.status == 400)
        #expect(client.test.read("Documents/Notes.txt") == "first")
    }

    @Test func keepBothStillNeedsIfMatch() throws {
        let client = try AppClient()
        try client.test.plant("Documents/Notes.txt", "first")
        let reply = client.send("PUT", "/api/documents/Notes.txt?onConflict=keepBoth", body: Data("mine".utf8))
        #expect(reply.status == 428)
        #expect(client.test.read("Documents/Notes.txt") == "first")
        #expect(!client.test.exists("Documents/Notes 2.txt"))
    }
}
