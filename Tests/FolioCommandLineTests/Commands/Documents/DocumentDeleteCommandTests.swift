import FolioTestSupport
import Foundation
import Testing

@Suite struct DocumentDeleteCommandTests {
    @Test func asksTheSeedsQuestionOnATerminal() async throws {
        let fixture = try DocumentCommandFixture()
        try fixture.home.plant("Documents/a.dudeldoc", "a")
        #expect(await fixture.folio(["doc", "select", "a.dudeldoc"]).status == 0)
        let kept = await fixture.folioOnATerminal(["doc", "delete"], answer: "n\n")
        #expect(kept.status == 0)
        #expect(
            kept.output
                == "This will remove your current drawing completely. Are you sure you want to do that? [y/N] "
                + "Kept a.dudeldoc.\n")
        #expect(try fixture.namesOnDisk() == ["a.dudeldoc"])
        let deleted = await fixture.folioOnATerminal(["doc", "delete"], answer: "y\n")
        #expect(deleted.status == 0)
        #expect(deleted.output.contains("Moved a.dudeldoc to the trash."))
        #expect(try fixture.namesOnDisk().count == 1)
        #expect(try !fixture.namesOnDisk().contains("a.dudeldoc"))
    }

    @Test func namesADocumentThatIsNotCurrent() async throws {
        let fixture = try DocumentCommandFixture()
        try fixture.home.plant("Documents/a.txt", "a")
        try fixture.home.plant("Documents/b.txt", "b")
        #expect(await fixture.folio(["doc", "select", "a.txt"]).status == 0)
        let run = await fixture.folioOnATerminal(["doc", "delete", "b.txt"], answer: "\n")
        #expect(run.output.hasPrefix("This will move the note b.txt to the trash."))
        #expect(try fixture.namesOnDisk() == ["a.txt", "b.txt"])
    }

    @Test func refusesWithoutATerminalUnlessConfirmed() async throws {
        let fixture = try DocumentCommandFixture()
        try fixture.home.plant("Documents/a.txt", "a")
        let run = await fixture.folio(["doc", "delete", "a.txt"])
        #expect(run.status == 1)
        #expect(run.standardError.contains("pass --yes"))
        #expect(try fixture.namesOnDisk() == ["a.txt"])
        #expect(await fixture.folio(["doc", "delete", "a.txt", "--yes"]).status == 0)
        #expect(await fixture.folio(["doc", "trash", "restore", "a.txt"]).status == 0)
        #expect(fixture.home.read("Documents/a.txt") == "a")
    }

    @Test func emptyingTheTrashAsksToo() async throws {
        let fixture = try DocumentCommandFixture()
        try fixture.home.plant("Documents/a.txt", "a")
        #expect(await fixture.folio(["doc", "delete", "a.txt", "--yes"]).status == 0)
        #expect(await fixture.folio(["doc", "trash", "empty"]).status == 1)
        let kept = await fixture.folioOnATerminal(["doc", "trash", "empty"], answer: "no\n")
        #expect(kept.output.hasSuffix("Kept the trash.\n"))
        let emptied = await fixture.folioOnATerminal(["doc", "trash", "empty"], answer: "yes\n")
        #expect(emptied.output.hasSuffix("Destroyed 1 document.\n"))
    }

    @Test func deletingOneTrashItemAsksAndDestroysOnlyIt() async throws {
        let fixture = try DocumentCommandFixture()
        for name in ["a.txt", "b.txt"] {
            try fixture.home.plant("Documents/" + name, name)
            #expect(await fixture.folio(["doc", "delete", name, "--yes"]).status == 0)
        }
        let listed = await fixture.folio(["doc", "trash"])
        #expect(listed.standardOutput.contains("30 days"))
        #expect(await fixture.folio(["doc", "trash", "delete", "a.txt"]).status == 1, "no terminal, no --yes")
        let missing = await fixture.folio(["doc", "trash", "delete", "zzz.txt", "--yes"])
        #expect(missing.status == 1)
        #expect(missing.standardError.contains("nothing in the trash"))
        let kept = await fixture.folioOnATerminal(["doc", "trash", "delete", "a.txt"], answer: "n\n")
        #expect(kept.output.hasSuffix("Kept it in the trash.\n"))
        let destroyed = await fixture.folioOnATerminal(["doc", "trash", "delete", "a.txt"], answer: "y\n")
        #expect(destroyed.output.hasPrefix("This will destroy 'a.txt' for good."))
        #expect(destroyed.output.hasSuffix("Destroyed a.txt.\n"))
        let json = await fixture.folio(["--json", "doc", "trash"])
        let items = try #require(
            try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [[String: Any]])
        #expect(items.map { $0["originalName"] as? String } == ["b.txt"])
        #expect(items.first?["daysLeft"] as? Int == 30)
    }
}
