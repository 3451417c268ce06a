import FolioTestSupport
import Foundation
import Testing

@Suite struct DocumentSaveCommandTests {
    func version(of name: String, in fixture: DocumentCommandFixture) async throws -> String {
        let report = try #require(try await fixture.json(["doc", "show", name]) as? [String: Any])
        return try #require((report["document"] as? [String: Any])?["version"] as? String)
    }

    @Test func savesANoteAndRefusesAStaleVersion() async throws {
        let fixture = try DocumentCommandFixture()
        try fixture.home.plant("Documents/note.txt", "first")
        let base = try await version(of: "note.txt", in: fixture)
        let saved = await fixture.folio(["doc", "save", "note.txt", "--based-on", base], input: "second")
        #expect(saved.status == 0, "\(saved.standardError)")
        #expect(await fixture.folio(["doc", "show", "note.txt"]).standardOutput == "second")
        let stale = await fixture.folio(["doc", "save", "note.txt", "--based-on", base], input: "third")
        #expect(stale.status == 1)
        #expect(stale.standardError.contains("(conflict)"))
        #expect(fixture.home.read("Documents/note.txt") == "second")
    }

    @Test func savesADrawingFromJSON() async throws {
        let fixture = try DocumentCommandFixture()
        let name = try #require(try await fixture.field("name", of: ["doc", "new"]) as? String)
        let drawing =
            ##"{"drawables":[{"shape":"rectangle","frame":{"origin":{"x":1,"y":2},"width":3,"height":4},"style":{"lineWidth":1,"fillColor":"#00ff00"}}]}"##
        let saved = await fixture.folio(
            ["doc", "save", name, "--based-on", try await version(of: name, in: fixture)], input: drawing)
        #expect(saved.status == 0, "\(saved.standardError)")
        let shown = await fixture.folio(["doc", "show", name]).standardOutput
        #expect(shown == "\(name): 1 shape\n  rectangle (1, 2) 3×4, fill #00ff00ff, width 1\n")
        let garbage = await fixture.folio(
            ["doc", "save", name, "--based-on", try await version(of: name, in: fixture)], input: "not json")
        #expect(garbage.status == 1)
        #expect(garbage.standardError.contains("not a drawing"))
    }

    @Test func needsAVersion() async throws {
        let fixture = try DocumentCommandFixture()
        try fixture.home.plant("Documents/note.txt", "first")
        #expect(await fixture.folio(["doc", "save", "note.txt"], input: "x").status == 2)
        #expect(await fixture.folio(["doc", "save", "note.txt", "--based-on", "nonsense"], input: "x").status == 2)
        #expect(fixture.home.read("Documents/note.txt") == "first")
    }

    @Test func keepBothSavesANewDocumentBesideAChangedOne() async throws {
        let fixture = try DocumentCommandFixture()
        try fixture.home.plant("Documents/Notes.txt", "first")
        let base = try await version(of: "Notes.txt", in: fixture)
        try fixture.home.plant("Documents/Notes.txt", "theirs, from another program")
        let kept = await fixture.folio(["doc", "save", "Notes.txt", "--based-on", base, "--keep-both"], input: "mine")
        #expect(kept.status == 0, "\(kept.standardError)")
        #expect(kept.standardOutput.contains("saved as Notes 2.txt"))
        #expect(fixture.home.read("Documents/Notes.txt") == "theirs, from another program")
        #expect(fixture.home.read("Documents/Notes 2.txt") == "mine")
        // Again from the same stale version: the next free number.
        let report = try #require(
            try await fixture.json(["doc", "save", "Notes.txt", "--based-on", base, "--keep-both"], input: "mine too")
                as? [String: Any])
        #expect(report["name"] as? String == "Notes 3.txt")
        #expect(fixture.home.read("Documents/Notes 3.txt") == "mine too")
    }

    @Test func keepBothWithoutAConflictSavesInPlace() async throws {
        let fixture = try DocumentCommandFixture()
        try fixture.home.plant("Documents/Notes.txt", "first")
        let base = try await version(of: "Notes.txt", in: fixture)
        let saved = await fixture.folio(
            ["doc", "save", "Notes.txt", "--based-on", base, "--keep-both"], input: "second")
        #expect(saved.status == 0, "\(saved.standardError)")
        #expect(saved.standardOutput.hasPrefix("Saved Notes.txt"))
        #expect(fixture.home.read("Documents/Notes.txt") == "second")
        #expect(!fixture.home.exists("Documents/Notes 2.txt"))
    }
}
