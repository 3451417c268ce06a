import FolioDocuments
import FolioServer
import FolioTestSupport
import Foundation
import Testing

@Suite struct DocumentsAPITests {
    private func json(_ text: String) -> Data { Data(text.utf8) }

    /// The answer and what happens agree: a rename the API refuses with 404 renames nothing.
    @Test func renamingASymbolicLinkAnswersNotFoundAndRenamesNothing() throws {
        let client = try AppClient()
        try client.test.plant("Documents/target.txt", "text")
        try FileManager.default.createSymbolicLink(
            atPath: client.test.absolute("Documents/link.txt"), withDestinationPath: "target.txt")
        let reply = client.send("POST", "/api/documents/link.txt/rename", body: json(#"{"to":"moved"}"#))
        #expect(reply.status == 404)
        #expect(reply.errorCode == "notFound")
        #expect(client.test.exists("Documents/link.txt"))
        #expect(!client.test.exists("Documents/moved.txt"))
    }

    @Test func newRenameDeleteRestoreAsTheActionsMenuDoes() throws {
        let client = try AppClient()
        let created = client.send("POST", "/api/documents", body: json(#"{"kind":"drawing"}"#))
        #expect(created.status == 201)
        let name = try #require(created.object["name"] as? String)
        #expect(name.hasPrefix("Untitled ") && name.hasSuffix(".dudeldoc"))
        let current = client.send("GET", "/api/current")
        #expect(current.object["name"] as? String == name)

        let encoded = name.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? name
        let renamed = client.send("POST", "/api/documents/\(encoded)/rename", body: json(#"{"to":"Garden"}"#))
        #expect(renamed.status == 200)
        #expect(renamed.object["name"] as? String == "Garden.dudeldoc")

        let other = client.send("POST", "/api/documents", body: json(#"{"kind":"drawing"}"#))
        let otherName = try #require(other.object["name"] as? String)
        let otherEncoded = otherName.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? otherName
        let taken = client.send("POST", "/api/documents/\(otherEncoded)/rename", body: json(#"{"to":"Garden"}"#))
        #expect(taken.status == 409)
        let error = try #require(taken.object["error"] as? [String: Any])
        #expect(
            error["userMessage"] as? String
                == "A file with that name already exists! Please enter a different file name.")
        // The library's error as it is, as `folio doc rename` prints it.
        #expect(error["reason"] as? String == error["userMessage"] as? String)
        #expect(
            error["message"] as? String
                == "rename failed for Documents/\(otherName): A file with that name already exists! "
                + "Please enter a different file name. (alreadyExists)")

        let deleted = client.send("DELETE", "/api/documents/Garden.dudeldoc")
        #expect(deleted.status == 200)
        let trash = client.send("GET", "/api/trash")
        let items = try #require(trash.json as? [[String: Any]])
        #expect(items.first?["originalName"] as? String == "Garden.dudeldoc")
        let id = try #require(items.first?["id"] as? String)
        let restored = client.send(
            "POST", "/api/trash/\(id.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? id)/restore")
        #expect(restored.status == 200)
        #expect(restored.object["name"] as? String == "Garden.dudeldoc")

        #expect(client.send("DELETE", "/api/documents/Garden.dudeldoc").status == 200)
        let listed = try #require(client.send("GET", "/api/trash").json as? [[String: Any]])
        #expect(listed.first?["daysLeft"] as? Int == 30)
        #expect(listed.first?["purgeDate"] is String)
        let second = try #require(listed.first?["id"] as? String)
        let destroyed = client.send("DELETE", "/api/trash/\(second)")
        #expect(destroyed.status == 200, "\(destroyed.text)")
        #expect(destroyed.object["originalName"] as? String == "Garden.dudeldoc")
        #expect((client.send("GET", "/api/trash").json as? [[String: Any]])?.isEmpty == true)
        #expect(client.send("DELETE", "/api/trash/\(second)").status == 404)
    }

    @Test func listsAPageSortedByNameWithTheCurrentDocument() throws {
        let client = try AppClient()
        for title in ["b", "a", "c"] {
            try client.test.plant("Documents/\(title).txt", title)
        }
        let reply = client.send("GET", "/api/documents?limit=2")
        let page = try #require(reply.object["page"] as? [String: Any])
        #expect(page["total"] as? Int == 3)
        #expect((page["documents"] as? [[String: Any]])?.map { $0["name"] as? String } == ["a.txt", "b.txt"])
        #expect(client.send("GET", "/api/documents?sort=sideways").status == 400)
    }

    /// The library's spellings and sentence, as `folio doc list --sort` reads and prints them.
    @Test func sortsByTheSpellingsTheCommandLineTakes() throws {
        let client = try AppClient()
        for title in ["b", "a", "c"] {
            try client.test.plant("Documents/\(title).txt", title)
        }
        let reversed = client.send("GET", "/api/documents?sort=-name")
        let page = try #require(reversed.object["page"] as? [String: Any])
        #expect((page["documents"] as? [[String: Any]])?.map { $0["name"] as? String } == ["c.txt", "b.txt", "a.txt"])
        let refused = client.send("GET", "/api/documents?sort=size")
        #expect(refused.status == 400)
        #expect(refused.errorCode == "unknownOrder")
        let error = try #require(refused.object["error"] as? [String: Any])
        #expect(error["reason"] as? String == "documents sort by name, date, -name or -date, not 'size'")
    }

    @Test func savesNeedIfMatchAndAConflictIsRefused() throws {
        let client = try AppClient()
        try client.test.plant("Documents/note.txt", "first")
        let read = client.send("GET", "/api/documents/note.txt")
        #expect(read.text == "first")
        let etag = try #require(read.headers["ETag"])
        #expect(client.send("PUT", "/api/documents/note.txt", body: Data("second".utf8)).status == 428)
        let saved = client.send(
            "PUT", "/api/documents/note.txt", body: Data("second".utf8), headers: ["If-Match": etag])
        #expect(saved.status == 200)
        #expect(client.test.read("Documents/note.txt") == "second")
        // Another tab saves with the old version: refused, nothing overwritten.
        let stale = client.send("PUT", "/api/documents/note.txt", body: Data("stale".utf8), headers: ["If-Match": etag])
        #expect(stale.status == 412)
        #expect(stale.errorCode == "conflict")
        #expect(client.test.read("Documents/note.txt") == "second")
    }

    @Test func drawingsTravelAsJSON() throws {
        let client = try AppClient()
        let created = client.send("POST", "/api/documents", body: Data(#"{"kind":"drawing"}"#.utf8))
        let name = try #require(created.object["name"] as? String)
        let path = "/api/documents/" + (name.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? name)
        let read = client.send("GET", path)
        #expect(read.headers["Content-Type"] == "application/json")
        let etag = try #require(read.headers["ETag"])
        let drawing = Drawing(drawables: [.line(Drawing.Line(from: .init(x: 0, y: 0), to: .init(x: 10, y: 10)))])
        let body = try JSONEncoder().encode(drawing)
        let saved = client.send("PUT", path, body: body, headers: ["If-Match": etag])
        #expect(saved.status == 200, "\(saved.text)")
        let again = client.send("GET", path)
        #expect(try JSONDecoder().decode(Drawing.self, from: again.body) == drawing)
        let broken = client.send("PUT", path, body: Data("{}".utf8), headers: ["If-Match": again.headers["ETag"] ?? ""])
        #expect(broken.status == 400)
    }

    /// A drawing put with shapes in the margin is stored on its page: no negative coordinates.
    @Test func aDrawingPutWithShapesInTheMarginIsStoredOnThePage() throws {
        let client = try AppClient()
        let created = client.send("POST", "/api/documents", body: Data(#"{"kind":"drawing"}"#.utf8))
        let name = try #require(created.object["name"] as? String)
        let path = "/api/documents/" + (name.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? name)
        let etag = try #require(client.send("GET", path).headers["ETag"])
        let body =
            ##"{"drawables":[{"shape":"line","from":{"x":-100,"y":50},"to":{"x":100,"y":50},"style":{"strokeColor":"#000000ff","lineWidth":2}}]}"##
        let saved = client.send("PUT", path, body: Data(body.utf8), headers: ["If-Match": etag])
        #expect(saved.status == 200, "\(saved.text)")
        let stored = try JSONDecoder().decode(Drawing.self, from: client.send("GET", path).body)
        #expect(stored.pageSize == Drawing.Size(width: 1024, height: 768))
        #expect(
            stored.drawables == [
                .line(
                    Drawing.Line(from: .init(x: 0, y: 50), to: .init(x: 100, y: 50), style: Drawing.Style(lineWidth: 2))
                )
            ])
    }

    @Test func appInfoCountsDocumentsAndTheTrash() throws {
        let client = try AppClient()
        try client.test.plant("Documents/a.txt", "12345")
        let info = client.send("GET", "/api/library")
        #expect(info.object["documentCount"] as? Int == 1)
        #expect(info.object["documentBytes"] as? Int == 5)
    }

    @Test func listsOneKindForABrowserSection() throws {
        let client = try AppClient()
        for name in ["b.txt", "a.dudeldoc", "c.txt", "d.csv"] {
            try client.test.plant("Documents/\(name)", name)
        }
        let notes = try #require(client.send("GET", "/api/documents?kind=note").object["page"] as? [String: Any])
        #expect(notes["total"] as? Int == 2)
        #expect((notes["documents"] as? [[String: Any]])?.map { $0["name"] as? String } == ["b.txt", "c.txt"])
        let others = try #require(client.send("GET", "/api/documents?kind=generic").object["page"] as? [String: Any])
        #expect((others["documents"] as? [[String: Any]])?.map { $0["name"] as? String } == ["d.csv"])
        #expect(client.send("GET", "/api/documents?kind=spreadsheet").status == 400)
    }

    @Test func theSheetsSpeakAsDocumentPromptsDo() throws {
        let client = try AppClient()
        try client.test.plant("Documents/Plan.txt", "x")
        let drawing = client.send("POST", "/api/documents", body: json(#"{"kind":"drawing"}"#))
        let name = try #require(drawing.object["name"] as? String)
        let encoded = name.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? name
        let current = client.send("GET", "/api/documents/\(encoded)/prompts").object
        #expect(current["title"] as? String == String(name.dropLast(".dudeldoc".count)))
        #expect(current["isCurrent"] as? Bool == true)
        #expect(current["renameQuestion"] as? String == DocumentPrompts.renameQuestion)
        #expect(current["nameTaken"] as? String == DocumentPrompts.nameTaken)
        #expect(current["deleteTitle"] as? String == "Delete current drawing")
        #expect(
            current["deleteQuestion"] as? String
                == "This will remove your current drawing completely. Are you sure you want to do that?")
        #expect(current["cancelButton"] as? String == "Cancel")
        #expect(current["deleteButton"] as? String == "Delete it!")
        let other = client.send("GET", "/api/documents/Plan.txt/prompts").object
        #expect(other["isCurrent"] as? Bool == false)
        #expect((other["deleteQuestion"] as? String)?.contains("Plan.txt") == true)
        #expect(client.send("GET", "/api/documents/Nothing.txt/prompts").status == 404)
    }

    /// A drawing body that does not decode gets a 400 that says why in a sentence.
    @Test func aBadDrawingBodyIsASentence() throws {
        let client = try AppClient()
        let created = client.send("POST", "/api/documents", body: Data(#"{"kind":"drawing"}"#.utf8))
        let name = try #require(created.object["name"] as? String)
        let path = "/api/documents/" + (name.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? name)
        let etag = try #require(client.send("GET", path).headers["ETag"])
        let reply = client.send(
            "PUT", path, body: Data(#"{"drawables": [{"kind": 5}]}"#.utf8),
            headers: ["If-Match": etag, "Content-Type": "application/json"])
        #expect(reply.status == 400)
        let message = (reply.object["error"] as? [String: Any])?["message"] as? String ?? ""
        #expect(message.contains("key 'shape' is missing at drawables[0]"), "\(message)")
        #expect(!message.contains("DecodingError"))
    }
}
