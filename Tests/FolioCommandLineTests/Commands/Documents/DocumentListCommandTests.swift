import FolioTestSupport
import Foundation
import Testing

@Suite struct DocumentListCommandTests {
    @Test func listsByNameWithTheCurrentDocumentMarked() async throws {
        let fixture = try DocumentCommandFixture()
        for name in ["b 10.txt", "b 2.txt", "a.dudeldoc"] {
            try fixture.home.plant("Documents/" + name, "x")
        }
        #expect(await fixture.folio(["doc", "select", "b 2.txt"]).status == 0)
        let lines = await fixture.folio(["doc", "list"]).standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines[0].contains("NAME"))
        #expect(lines[1].hasPrefix("   a.dudeldoc"))
        #expect(lines[2].hasPrefix("*  b 2.txt"))
        #expect(lines[3].hasPrefix("   b 10.txt"))
    }

    @Test func pagesWithOffsetAndLimit() async throws {
        let fixture = try DocumentCommandFixture()
        for number in 1...12 {
            try fixture.home.plant("Documents/n \(number).txt", "x")
        }
        let run = await fixture.folio(["doc", "list", "--offset", "5", "--limit", "3"])
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(
            lines.dropFirst().prefix(3).map { $0.trimmingCharacters(in: .whitespaces).prefix(7) } == [
                "n 6.txt", "n 7.txt", "n 8.txt",
            ])
        #expect(lines.last == "(6–8 of 12 documents)")
        let json = try #require(
            try await fixture.json(["doc", "list", "--limit", "2", "--sort", "date"]) as? [String: Any])
        #expect((json["documents"] as? [Any])?.count == 2)
        #expect(json["total"] as? Int == 12)
        #expect(json["limit"] as? Int == 2)
    }

    /// The library's spellings and sentence, as the web API's `?sort=` reads and answers them.
    @Test func sortsByTheSpellingsTheWebAPITakes() async throws {
        let fixture = try DocumentCommandFixture()
        for name in ["b.txt", "a.txt", "c.txt"] {
            try fixture.home.plant("Documents/" + name, "x")
        }
        let names = { (arguments: [String]) async throws -> [String?] in
            let json = try #require(try await fixture.json(["doc", "list"] + arguments) as? [String: Any])
            return (json["documents"] as? [[String: Any]] ?? []).map { $0["name"] as? String }
        }
        #expect(try await names(["--sort=-name"]) == ["c.txt", "b.txt", "a.txt"])
        #expect(try await names(["--sort", "name", "--reverse"]) == ["c.txt", "b.txt", "a.txt"])
        let refused = await fixture.folio(["doc", "list", "--sort", "size"])
        #expect(refused.status == 2)
        #expect(
            refused.standardError.hasPrefix("folio: documents sort by name, date, -name or -date, not 'size'\n"),
            "\(refused.standardError)")
    }

    @Test func namesAreSafeOnATerminal() async throws {
        let fixture = try DocumentCommandFixture()
        try fixture.home.plant("Documents/evil\u{1B}[31mred.txt", "x")
        let run = await fixture.folio(["doc", "list"])
        #expect(run.status == 0)
        #expect(!run.standardOutput.contains("\u{1B}"))
    }
}
