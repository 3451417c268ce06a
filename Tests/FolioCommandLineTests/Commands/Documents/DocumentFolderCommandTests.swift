import FolioTestSupport
import Foundation
import Testing

/// Folders of Documents/ on the command line: mkdir, list FOLDER, new --in, move, and the other
/// commands on paths in a folder.
@Suite struct DocumentFolderCommandTests {
    @Test func makesListsAndFillsAFolder() async throws {
        let fixture = try DocumentCommandFixture()
        let mkdir = await fixture.folio(["doc", "mkdir", "Projects"])
        #expect(mkdir.status == 0, "\(mkdir.standardError)")
        #expect(mkdir.standardOutput == "Made folder Projects\n")
        let new = await fixture.folio(["doc", "new", "--kind", "note", "--in", "Projects"])
        #expect(new.status == 0, "\(new.standardError)")
        let name = new.standardOutput.trimmingCharacters(in: .newlines)
        #expect(name.hasPrefix("Projects/Untitled ") && name.hasSuffix(".txt"))
        #expect(await fixture.folio(["doc", "current"]).standardOutput == name + "\n")
        let top = await fixture.folio(["doc", "list"])
        #expect(top.standardOutput.contains("Projects") && top.standardOutput.contains("folder"))
        let listing = try #require(try await fixture.json(["doc", "list", "Projects"]) as? [String: Any])
        let documents = try #require(listing["documents"] as? [[String: Any]])
        #expect(documents.map { $0["name"] as? String } == [name])
        #expect(documents.first?["folder"] as? String == "Projects")
        let topJSON = try #require(try await fixture.json(["doc", "list"]) as? [String: Any])
        let entries = try #require(topJSON["documents"] as? [[String: Any]])
        #expect(entries.map { $0["kind"] as? String } == ["folder"])
    }

    @Test func movesInAndBackToTheTopLevel() async throws {
        let fixture = try DocumentCommandFixture()
        try fixture.home.plant("Documents/Plan.txt", "plan")
        #expect(await fixture.folio(["doc", "mkdir", "Projects"]).status == 0)
        let move = await fixture.folio(["doc", "move", "Plan", "Projects"])
        #expect(move.status == 0, "\(move.standardError)")
        #expect(move.standardOutput == "Moved Plan.txt to Projects/Plan.txt\n")
        #expect(fixture.home.read("Documents/Projects/Plan.txt") == "plan")
        #expect(
            try await fixture.field("name", of: ["doc", "select", "Projects/Plan"]) as? String == "Projects/Plan.txt")
        #expect(
            try await fixture.field("to", of: ["doc", "rename", "Projects/Plan.txt", "Draft"]) as? String
                == "Projects/Draft.txt")
        #expect(
            try await fixture.field("name", of: ["doc", "move", "Projects/Draft.txt", "/"]) as? String == "Draft.txt")
        #expect(try fixture.namesOnDisk() == ["Draft.txt", "Projects"])
        #expect(await fixture.folio(["doc", "move", "Draft.txt", "."]).status == 0)
    }

    @Test func deletesAFolderToTheTrashAndRestoresIt() async throws {
        let fixture = try DocumentCommandFixture()
        try fixture.home.plant("Documents/Projects/Nested.txt", "nested")
        let delete = await fixture.folio(["doc", "delete", "Projects/Nested.txt", "--yes"])
        #expect(delete.status == 0, "\(delete.standardError)")
        #expect(await fixture.folio(["doc", "trash"]).standardOutput.contains("Projects/Nested.txt"))
        #expect(await fixture.folio(["doc", "delete", "Projects", "--yes"]).status == 0)
        #expect(try fixture.namesOnDisk() == [])
        #expect(await fixture.folio(["doc", "trash", "restore", "Projects/Nested.txt"]).status == 0)
        #expect(fixture.home.read("Documents/Projects/Nested.txt") == "nested")
    }

    @Test func badFoldersFailClearlyAndChangeNothing() async throws {
        let fixture = try DocumentCommandFixture()
        try fixture.home.plant("Documents/a.txt", "a")
        let escape = await fixture.folio(["doc", "mkdir", "../Library/x"])
        #expect(escape.status == 1)
        #expect(escape.standardError.contains("'/'") || escape.standardError.contains("not allowed"))
        let missing = await fixture.folio(["doc", "new", "--in", "Nowhere"])
        #expect(missing.status == 1)
        #expect(missing.standardError.contains("Documents/Nowhere"))
        #expect(await fixture.folio(["doc", "move", "a.txt", "Nowhere"]).status == 1)
        #expect(await fixture.folio(["doc", "list", "a.txt"]).status == 1)
        #expect(await fixture.folio(["doc", "move", "a.txt"]).status == 2)
        #expect(try fixture.namesOnDisk() == ["a.txt"])
    }
}
