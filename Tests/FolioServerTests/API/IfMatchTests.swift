import FolioServer
import FolioTestSupport
import Foundation
import Testing

/// A document's save and a table file's edit read `If-Match` by one rule: absent is 428, a value
/// that is no version is 400, and the ETag is taken quoted or not.
@Suite struct IfMatchTests {
    @Test func aSaveAndAnEditReadTheirVersionTheSameWay() throws {
        let client = try AppClient()
        try client.test.plant("Documents/note.txt", "first")
        try client.test.plant("Documents/people.csv", "name\nHomer\nMarge\n")
        let note = client.send("GET", "/api/documents/note.txt")
        let table = client.send("GET", "/api/tables/Documents/people.csv")
        let noteTag = try #require(note.headers["ETag"])
        let tableTag = try #require(table.headers["ETag"])
        let save = { (headers: [String: String]) in
            client.send("PUT", "/api/documents/note.txt", body: Data("second".utf8), headers: headers)
        }
        let edit = { (headers: [String: String]) in
            client.send("DELETE", "/api/tables/Documents/people.csv/rows?at=0.0", headers: headers)
        }
        for (change, tag) in [(save, noteTag), (edit, tableTag)] {
            let missing = change([:])
            #expect(missing.status == 428)
            #expect(missing.errorCode == "preconditionRequired")
            let garbage = change(["If-Match": "\"not a version\""])
            #expect(garbage.status == 400, "\(garbage.text)")
            #expect(garbage.text.contains("If-Match does not hold"))
            let unquoted = change(["If-Match": String(tag.dropFirst().dropLast())])
            #expect((200..<300).contains(unquoted.status), "\(unquoted.text)")
        }
        #expect(client.test.read("Documents/note.txt") == "second")
        #expect(client.test.read("Documents/people.csv") == "name\nMarge\n")
    }
}
