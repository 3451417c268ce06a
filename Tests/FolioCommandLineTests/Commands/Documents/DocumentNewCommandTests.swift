import FolioTestSupport
import Foundation
import Testing

@Suite struct DocumentNewCommandTests {
    @Test func createsDrawingsAndNotes() async throws {
        let fixture = try DocumentCommandFixture()
        let drawing = await fixture.folio(["doc", "new"]).standardOutput
        let note = await fixture.folio(["doc", "new", "--kind", "note"]).standardOutput
        #expect(drawing.hasSuffix(".dudeldoc\n"))
        #expect(note.hasSuffix(".txt\n"))
        #expect(await fixture.folio(["doc", "current"]).standardOutput == note)
    }

    @Test func anUnknownKindIsAUsageErrorAndMakesNothing() async throws {
        let fixture = try DocumentCommandFixture()
        let run = await fixture.folio(["doc", "new", "--kind", "spreadsheet"])
        #expect(run.status == 2)
        #expect(run.standardError.contains("there is no document kind 'spreadsheet' (kinds: drawing, note)"))
        #expect(await fixture.folio(["doc", "list"]).standardOutput.contains("Untitled") == false)
    }

    /// Two `folio doc new` processes at once, twenty times each: forty documents, none overwritten.
    @Test func concurrentProcessesNeverShareAName() async throws {
        let fixture = try DocumentCommandFixture()
        let names = try await withThrowingTaskGroup(of: [String].self) { group in
            for _ in 0..<2 {
                group.addTask {
                    var made: [String] = []
                    for _ in 0..<20 {
                        let run = await fixture.folio(["doc", "new", "--kind", "note"])
                        if run.status == 0 {
                            made.append(run.standardOutput.trimmingCharacters(in: .newlines))
                        }
                    }
                    return made
                }
            }
            return try await group.reduce(into: [String]()) { $0 += $1 }
        }
        #expect(names.count == 40)
        #expect(Set(names).count == 40)
        #expect(try fixture.namesOnDisk().count == 40)
    }
}
