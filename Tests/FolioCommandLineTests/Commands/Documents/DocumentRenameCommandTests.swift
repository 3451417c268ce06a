import FolioTestSupport
import Foundation
import Testing

@Suite struct DocumentRenameCommandTests {
    /// The same answer as the web API's 404, and nothing renamed.
    @Test func aSymbolicLinkIsRefusedAndNothingChanges() async throws {
        let fixture = try DocumentCommandFixture()
        try fixture.home.plant("Documents/target.txt", "text")
        try FileManager.default.createSymbolicLink(
            atPath: fixture.home.absolute("Documents/link.txt"), withDestinationPath: "target.txt")
        let run = await fixture.folio(["doc", "rename", "link.txt", "moved"])
        #expect(run.status == 1)
        #expect(run.standardError.contains("(notFound)"), "\(run.standardError)")
        #expect(try fixture.namesOnDisk() == ["link.txt", "target.txt"])
    }

    /// The library's error as it is: the form's sentence, then the code for scripts (the web
    /// API answers the same sentence as `message`).
    @Test func aTakenNameGetsTheFormsSentence() async throws {
        let fixture = try DocumentCommandFixture()
        try fixture.home.plant("Documents/a.dudeldoc", "a")
        try fixture.home.plant("Documents/b.dudeldoc", "b")
        let run = await fixture.folio(["doc", "rename", "a.dudeldoc", "b"])
        #expect(run.status == 1)
        #expect(run.standardOutput.isEmpty)
        #expect(
            run.standardError
                == "folio: rename failed for Documents/a.dudeldoc: A file with that name already exists! "
                + "Please enter a different file name. (alreadyExists)\n")
        #expect(fixture.home.read("Documents/a.dudeldoc") == "a")
        #expect(fixture.home.read("Documents/b.dudeldoc") == "b")
    }

    @Test(arguments: ["../x", "a/b", ".hidden"])
    func refusesNamesThatLeaveOrHide(_ name: String) async throws {
        let fixture = try DocumentCommandFixture()
        try fixture.home.plant("Documents/a.dudeldoc", "a")
        let run = await fixture.folio(["doc", "rename", "a.dudeldoc", name])
        #expect(run.status == 1)
        #expect(run.standardError.contains("(invalidName)"))
        #expect(try fixture.namesOnDisk() == ["a.dudeldoc"])
    }

    @Test func anAmbiguousTitleNamesTheCandidates() async throws {
        let fixture = try DocumentCommandFixture()
        try fixture.home.plant("Documents/Plan.txt", "a")
        try fixture.home.plant("Documents/Plan.dudeldoc", "b")
        let run = await fixture.folio(["doc", "rename", "Plan", "Other"])
        #expect(run.status == 1)
        #expect(run.standardError.contains("Plan.dudeldoc, Plan.txt"))
    }
}
