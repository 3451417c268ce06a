import FolioServer
import FolioTestSupport
import Foundation
import Testing

/// Folders of Documents/ through the API: listings, New in a folder, New Folder, Move, and what a
/// delete in Files under Documents/ does.
@Suite struct DocumentFoldersAPITests {
    private func json(_ text: String) -> Data { Data(text.utf8) }

    private func documents(_ reply: AppClient.Reply) -> [[String: Any]] {
        ((reply.object["page"] as? [String: Any])?["documents"] as? [[String: Any]]) ?? []
    }

    @Test func listsFoldersAndTheirContents() throws {
        let client = try AppClient()
        try client.test.plant("Documents/a.txt", "a")
        try client.test.plant("Documents/Projects/Nested.txt", "nested")
        let top = client.send("GET", "/api/documents")
        #expect(top.status == 200)
        #expect(documents(top).map { $0["kind"] as? String } == ["note", "folder"])
        let folders = client.send("GET", "/api/documents?kind=folder")
        #expect(documents(folders).map { $0["name"] as? String } == ["Projects"])
        let inside = client.send("GET", "/api/documents?folder=Projects")
        #expect(inside.status == 200)
        #expect(documents(inside).map { $0["name"] as? String } == ["Projects/Nested.txt"])
        #expect(documents(inside).first?["path"] as? String == "Documents/Projects/Nested.txt")
        #expect(client.send("GET", "/api/documents?folder=Nowhere").status == 404)
        #expect(client.send("GET", "/api/documents?folder=..%2FLibrary").status == 400)
        // A document in a folder is addressed by its path, percent-encoded as one component.
        let read = client.send("GET", "/api/documents/Projects%2FNested.txt")
        #expect(read.status == 200)
        #expect(read.text == "nested")
        // Or one component per folder, as /api/files paths are.
        #expect(client.send("GET", "/api/documents/Projects/Nested.txt").text == "nested")
        let prompts = client.send("GET", "/api/documents/Projects%2FNested.txt/prompts")
        #expect(prompts.object["title"] as? String == "Nested")
    }

    @Test func createsInAFolderMakesFoldersAndMoves() throws {
        let client = try AppClient()
        let folder = client.send("POST", "/api/documents", body: json(#"{"kind":"folder","name":"Projects"}"#))
        #expect(folder.status == 201)
        #expect(folder.object["kind"] as? String == "folder")
        let taken = client.send("POST", "/api/documents", body: json(#"{"kind":"folder","name":"Projects"}"#))
        #expect(taken.status == 409)
        let created = client.send("POST", "/api/documents", body: json(#"{"kind":"note","folder":"Projects"}"#))
        #expect(created.status == 201)
        let name = try #require(created.object["name"] as? String)
        #expect(name.hasPrefix("Projects/Untitled "))
        #expect(client.send("GET", "/api/current").object["name"] as? String == name)
        let encoded = name.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? name
        let moved = client.send("POST", "/api/documents/\(encoded)/move", body: json(#"{"to":""}"#))
        #expect(moved.status == 200)
        let movedName = try #require(moved.object["name"] as? String)
        #expect(movedName == String(name.dropFirst("Projects/".count)))
        #expect(client.test.exists("Documents/" + movedName))
        let into = client.send("POST", "/api/documents/Projects/move", body: json(#"{"to":"Projects"}"#))
        #expect(into.status == 400)
        #expect(into.errorCode == "intoItself")
        let renamed = client.send("POST", "/api/documents/Projects/rename", body: json(#"{"to":"Work"}"#))
        #expect(renamed.object["name"] as? String == "Work")
        let prompts = client.send("GET", "/api/documents/Work/prompts")
        #expect(prompts.status == 200)
        let deleted = client.send("DELETE", "/api/documents/Work")
        #expect(deleted.status == 200)
        #expect((deleted.object["item"] as? [String: Any])?["kind"] as? String == "folder")
    }

    @Test func aDeleteInFilesUnderDocumentsGoesToRecentlyDeleted() throws {
        let client = try AppClient()
        try client.test.plant("Documents/Projects/Nested.txt", "nested")
        try client.test.plant("tmp/scratch.txt", "scratch")
        let reply = client.send("DELETE", "/api/files/Documents/Projects/Nested.txt")
        #expect(reply.status == 200)
        #expect(reply.object["originalName"] as? String == "Nested.txt")
        #expect(reply.object["originalFolder"] as? String == "Projects")
        let id = try #require(reply.object["id"] as? String)
        #expect(!client.test.exists("Documents/Projects/Nested.txt"))
        let trash = client.send("GET", "/api/trash").json as? [[String: Any]] ?? []
        #expect(trash.map { $0["id"] as? String } == [id])
        // A whole folder needs no ?recursive=1: it goes to the trash whole.
        let folder = client.send("DELETE", "/api/files/Documents/Projects")
        #expect(folder.object["kind"] as? String == "folder")
        #expect(client.send("POST", "/api/trash/\(id)/restore").status == 200)
        #expect(client.test.read("Documents/Projects/Nested.txt") == "nested")
        // Elsewhere a delete stays a delete.
        let other = client.send("DELETE", "/api/files/tmp/scratch.txt")
        #expect(other.status == 200)
        #expect(other.object["removed"] != nil)
        #expect(!client.test.exists("tmp/scratch.txt"))
        #expect((client.send("GET", "/api/trash").json as? [[String: Any]])?.count == 1)
    }
}
