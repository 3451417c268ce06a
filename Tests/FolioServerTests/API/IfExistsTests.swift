import FolioServer
import FolioTestSupport
import Foundation
import Testing

/// `?ifExists=replace|keepBoth` on uploads, moves and copies.
@Suite struct IfExistsTests {
    @Test func anUploadThatKeepsBothAnswersWithTheNameItTook() throws {
        let client = try AppClient()
        try client.test.plant("Documents/report.txt", "old")
        let reply = client.send(
            "PUT", "/api/files/Documents/report.txt?ifExists=keepBoth", body: Data("new".utf8))
        #expect(reply.status == 201)
        #expect(reply.object["path"] as? String == "Documents/report 2.txt")
        #expect(reply.object["name"] as? String == "report 2.txt")
        #expect(client.test.read("Documents/report.txt") == "old")
        #expect(client.test.read("Documents/report 2.txt") == "new")
        let again = client.send("PUT", "/api/files/Documents/report.txt?ifExists=keepBoth", body: Data("3".utf8))
        #expect(again.object["name"] as? String == "report 3.txt")
    }

    @Test func anUploadThatReplacesReplaces() throws {
        let client = try AppClient()
        try client.test.plant("Documents/report.txt", "old")
        let reply = client.send("PUT", "/api/files/Documents/report.txt?ifExists=replace", body: Data("new".utf8))
        #expect(reply.status == 200, "a PUT that replaces answers 200, not 201 Created")
        #expect(reply.object["name"] as? String == "report.txt")
        #expect(client.test.read("Documents/report.txt") == "new")
    }

    @Test func anUploadIsCreatedOnceAndThenReplaced() throws {
        let client = try AppClient()
        let first = client.send("PUT", "/api/files/tmp/plain.txt", body: Data("1".utf8))
        #expect(first.status == 201)
        let second = client.send("PUT", "/api/files/tmp/plain.txt", body: Data("2".utf8))
        #expect(second.status == 200)
        #expect(client.test.read("tmp/plain.txt") == "2")
        let exclusive = client.send("PUT", "/api/files/tmp/plain.txt?exclusive=1", body: Data("3".utf8))
        #expect(exclusive.status == 409)
        #expect(client.test.read("tmp/plain.txt") == "2")
    }

    @Test func concurrentUploadsThatKeepBothEachGetTheirOwnName() async throws {
        let client = try AppClient()
        try client.test.plant("tmp/same.txt", "first")
        let count = 16
        let names = await withTaskGroup(of: String?.self) { group in
            for index in 0..<count {
                group.addTask {
                    client.send("PUT", "/api/files/tmp/same.txt?ifExists=keepBoth", body: Data("\(index)".utf8))
                        .object["name"] as? String
                }
            }
            return await group.reduce(into: [String?]()) { $0.append($1) }
        }
        #expect(Set(names.compactMap { $0 }).count == count)
        #expect(!names.contains("same.txt"))
        #expect(client.test.read("tmp/same.txt") == "first")
    }

    @Test func movesAndCopiesKeepBothOrReplaceWhenAsked() throws {
        let client = try AppClient()
        try client.test.plant("tmp/a.txt", "a")
        try client.test.plant("tmp/b.txt", "b")
        try client.test.plant("Documents/a.txt", "taken")
        #expect(client.send("POST", "/api/files/tmp/a.txt?moveTo=Documents/a.txt").status == 409)
        let copy = client.send("POST", "/api/files/tmp/a.txt?copyTo=Documents/a.txt&ifExists=keepBoth")
        #expect(copy.status == 201)
        #expect(copy.object["to"] as? String == "Documents/a 2.txt")
        #expect(copy.object["name"] as? String == "a 2.txt")
        let move = client.send("POST", "/api/files/tmp/a.txt?moveTo=Documents/a.txt&ifExists=keepBoth")
        #expect(move.status == 200)
        #expect(move.object["to"] as? String == "Documents/a 3.txt")
        #expect(client.test.read("Documents/a.txt") == "taken")
        #expect(client.test.read("Documents/a 3.txt") == "a")
        #expect(!client.test.exists("tmp/a.txt"))
        let replace = client.send("POST", "/api/files/tmp/b.txt?copyTo=Documents/a.txt&ifExists=replace")
        #expect(replace.status == 201)
        #expect(client.test.read("Documents/a.txt") == "b")
        #expect(client.send("POST", "/api/files/tmp/b.txt?moveTo=Documents/a%202.txt&ifExists=replace").status == 200)
        #expect(client.test.read("Documents/a 2.txt") == "b")
    }

    @Test func aDuplicateIsACopyToItsOwnNameThatKeepsBoth() throws {
        let client = try AppClient()
        try client.test.plant("Documents/Folder/x.txt", "x")
        let reply = client.send("POST", "/api/files/Documents/Folder?copyTo=Documents/Folder&ifExists=keepBoth")
        #expect(reply.status == 201)
        #expect(reply.object["to"] as? String == "Documents/Folder 2")
        #expect(client.test.read("Documents/Folder 2/x.txt") == "x")
    }

    @Test(arguments: ["keepboth", "overwrite", "", "replace,keepBoth", "1"])
    func anInvalidValueIsRefusedAndChangesNothing(_ value: String) throws {
        let client = try AppClient()
        try client.test.plant("tmp/a.txt", "a")
        try client.test.plant("tmp/b.txt", "b")
        let encoded = value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? value
        let put = client.send("PUT", "/api/files/tmp/b.txt?ifExists=\(encoded)", body: Data("new".utf8))
        #expect(put.status == 400)
        #expect(put.errorCode == "invalidIfExists")
        let move = client.send("POST", "/api/files/tmp/a.txt?moveTo=tmp/b.txt&ifExists=\(encoded)")
        #expect(move.status == 400)
        let copy = client.send("POST", "/api/files/tmp/a.txt?copyTo=tmp/c.txt&ifExists=\(encoded)")
        #expect(copy.status == 400)
        #expect(client.test.read("tmp/a.txt") == "a")
        #expect(client.test.read("tmp/b.txt") == "b")
        #expect(!client.test.exists("tmp/c.txt"))
    }

    @Test func exclusiveAndIfExistsTogetherAreRefused() throws {
        let client = try AppClient()
        let reply = client.send("PUT", "/api/files/tmp/x.txt?exclusive=1&ifExists=replace", body: Data("x".utf8))
        #expect(reply.status == 400)
        #expect(!client.test.exists("tmp/x.txt"))
    }
}
