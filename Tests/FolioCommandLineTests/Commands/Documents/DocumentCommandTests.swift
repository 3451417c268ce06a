import FolioTestSupport
import Foundation
import Testing

/// The seed's flow on the command line: New, Rename, Delete, switching, the trash, App Info.
@Suite struct DocumentCommandTests {
    @Test func newRenameDeleteRestore() async throws {
        let fixture = try DocumentCommandFixture()
        let new = await fixture.folio(["doc", "new"])
        #expect(new.status == 0, "\(new.standardError)")
        let untitled = new.standardOutput.trimmingCharacters(in: .newlines)
        #expect(untitled.hasPrefix("Untitled ") && untitled.hasSuffix(".dudeldoc"))
        #expect(await fixture.folio(["doc", "current"]).standardOutput == untitled + "\n")
        let rename = await fixture.folio(["doc", "rename", untitled, "Garden"])
        #expect(rename.standardOutput == "Renamed \(untitled) to Garden.dudeldoc\n")
        let delete = await fixture.folio(["doc", "delete", "Garden", "--yes"])
        #expect(delete.status == 0)
        #expect(delete.standardOutput.hasPrefix("Moved Garden.dudeldoc to the trash.\nCurrent document: Untitled "))
        let trash = await fixture.folio(["doc", "trash"])
        #expect(trash.standardOutput.contains("Garden.dudeldoc"))
        let restore = await fixture.folio(["doc", "trash", "restore", "Garden.dudeldoc"])
        #expect(restore.standardOutput == "Restored Garden.dudeldoc\n")
        #expect(try fixture.namesOnDisk().contains("Garden.dudeldoc"))
        #expect(await fixture.folio(["doc", "trash", "list"]).standardOutput == "The trash is empty.\n")
    }

    @Test func everySubcommandSpeaksJSON() async throws {
        let fixture = try DocumentCommandFixture()
        let document = try #require(try await fixture.json(["doc", "new", "--kind", "note"]) as? [String: Any])
        let name = try #require(document["name"] as? String)
        #expect(document["kind"] as? String == "note")
        #expect(document["path"] as? String == "Documents/" + name)
        #expect((document["version"] as? String)?.isEmpty == false)
        #expect(try await fixture.field("name", of: ["doc", "current"]) as? String == name)
        #expect(try await fixture.field("name", of: ["doc", "select", name]) as? String == name)
        #expect(try await fixture.field("total", of: ["doc", "list"]) as? Int == 1)
        #expect(try await fixture.field("to", of: ["doc", "rename", name, "Plan"]) as? String == "Plan.txt")
        #expect(try await fixture.field("documentCount", of: ["doc", "info"]) as? Int == 1)
        let deletion = try #require(try await fixture.json(["doc", "delete", "Plan", "--yes"]) as? [String: Any])
        #expect((deletion["item"] as? [String: Any])?["originalName"] as? String == "Plan.txt")
        #expect((try await fixture.json(["doc", "trash", "list"]) as? [[String: Any]])?.count == 1)
        #expect(try await fixture.field("removed", of: ["doc", "trash", "empty", "--yes"]) as? Int == 1)
    }

    @Test func unknownActionsAreUsageErrors() async throws {
        let fixture = try DocumentCommandFixture()
        #expect(await fixture.folio(["doc", "trash", "shred"]).status == 2)
        #expect(await fixture.folio(["doc", "list", "--sort", "size"]).status == 2)
        #expect(await fixture.folio(["doc", "fold"]).status == 2)
        #expect(await fixture.folio(["doc", "new", "--kind", "spreadsheet"]).status == 2)
    }
}
