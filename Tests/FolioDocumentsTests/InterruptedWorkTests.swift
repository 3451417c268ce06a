import FolioDocuments
import FolioFiles
import FolioResources
import FolioSandbox
import FolioTestSupport
import Foundation
import Glibc
import Testing

/// Processes killed with SIGKILL in the middle of a save, a write, a copy, a deletion, a restore:
/// the helper stops itself at the chosen moment, the test kills it there, and the next opening of
/// the container settles what it left — and leaves alone what a writer that still runs is doing.
@Suite(.timeLimit(.minutes(1)))
struct InterruptedWorkTests {
    let fixture: LibraryFixture
    var home: String { fixture.test.container.root }

    init() throws {
        fixture = try LibraryFixture()
        // The helper reads the real clock: items dated by the fixture's clock would be purged as old.
        fixture.clock.advance(by: Date().timeIntervalSince(fixture.clock.now))
    }

    /// Starts the helper on this container, to stop at `point` during `operation`.
    func start(_ operation: [String], stoppingAt point: String) throws -> (Subprocess, String) {
        let log = fixture.test.directory.appending("helper-\(UInt32.random(in: 0...UInt32.max)).log")
        let output = open(log, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        defer { close(output) }
        let helper = try Subprocess(
            FolioBinary.sibling("folio-documents-helper"), [home, "stop-at", point] + operation,
            standardOutput: output, standardError: output)
        return (helper, log)
    }

    /// Runs `operation` in the helper until it reaches `point`, and kills it there.
    func kill(_ operation: [String], at point: String) throws {
        let (helper, log) = try start(operation, stoppingAt: point)
        let stopped = helper.waitUntilStopped()
        let said = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        try #require(stopped, "the helper ended before \(point): \(said)")
        helper.kill(SIGKILL)
        #expect(helper.wait() == 128 + SIGKILL)
    }

    /// The hidden temporary names in a directory of the Home.
    func leftovers(in relative: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: fixture.test.absolute(relative))
            .filter { $0.hasPrefix(".") && $0.hasSuffix(".tmp") }
    }

    /// Opens the container again, as the next command or the server would.
    @discardableResult
    func reopen() throws -> Container {
        try Container(root: home, bundle: FolioResources.bundleDirectory)
    }

    func note(_ name: String, _ text: String) throws {
        let note = try fixture.library.createDocument(kind: .note)
        let renamed = try fixture.library.rename(note.name, to: name)
        try fixture.library.save(text: text, to: renamed.name, basedOn: renamed.version)
    }

    @Test func aSaveKilledAfterTheSwapLeavesNoHiddenCopyOfTheOldContents() throws {
        try note("Plan", "old")
        try kill(["save", "Plan.txt", "new"], at: "contents-exchanged")
        let leftovers = try leftovers(in: "Documents")
        try #require(leftovers.count == 1, "the kill must land between the swap and the clean-up")
        #expect(fixture.test.read("Documents/" + leftovers[0]) == "old")
        let reopened = try reopen()
        #expect(try self.leftovers(in: "Documents").isEmpty)
        #expect(fixture.test.read("Documents/Plan.txt") == "new")
        #expect(reopened.recovery.removed == 1)
    }

    @Test func aSaveKilledBeforeTheSwapKeepsTheOldContentsAndDropsTheNew() throws {
        try note("Plan", "old")
        try kill(["save", "Plan.txt", "new"], at: "hidden-file-written")
        try #require(try leftovers(in: "Documents").count == 1)
        try reopen()
        #expect(try leftovers(in: "Documents").isEmpty)
        #expect(fixture.test.read("Documents/Plan.txt") == "old")
    }

    @Test func aWriteKilledBetweenTheLinkAndTheRenameLeavesNothing() throws {
        try fixture.test.plant("Documents/data.txt", "old")
        try kill(["write", "Documents/data.txt", "new"], at: "temporary-file-linked")
        try #require(try leftovers(in: "Documents").count == 1)
        try reopen()
        #expect(try leftovers(in: "Documents").isEmpty)
        #expect(fixture.test.read("Documents/data.txt") == "old")
    }

    @Test func aNewDocumentKilledBeforeItIsNamedLeavesNothing() throws {
        let before = try fixture.namesOnDisk()
        try kill(["new"], at: "hidden-file-written")
        try #require(try leftovers(in: "Documents").count == 1)
        try reopen()
        #expect(try fixture.namesOnDisk() == before)
    }

    @Test func aCopyKilledBeforeItIsInPlaceLeavesNoHalfCopy() throws {
        try fixture.test.plant("Documents/Project/a.txt", "a")
        try fixture.test.plant("Documents/Project/sub/b.txt", "b")
        try kill(["copy", "Documents/Project", "Documents/Project copy"], at: "staged-directory-filled")
        try #require(try leftovers(in: "Documents").count == 1)
        try reopen()
        #expect(try leftovers(in: "Documents").isEmpty)
        #expect(!fixture.test.exists("Documents/Project copy"))
        #expect(fixture.test.read("Documents/Project/sub/b.txt") == "b")
    }

    @Test func aDeletionKilledBeforeTheItemIsNamedEndsWithTheDocumentInTheTrash() throws {
        try note("Old plan", "plan")
        try kill(["delete", "Old plan.txt"], at: "staged-directory-filled")
        #expect(!fixture.test.exists("Documents/Old plan.txt"))
        try #require(try leftovers(in: "Library/Trash").count == 1)
        try reopen()
        #expect(try leftovers(in: "Library/Trash").isEmpty)
        let trash = try fixture.reopened().trashedDocuments()
        #expect(trash.map(\.originalName) == ["Old plan.txt"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.test.absolute("Library/Trash")).count == 1)
        #expect(try fixture.reopened().restore("Old plan.txt").name == "Old plan.txt")
        #expect(fixture.test.read("Documents/Old plan.txt") == "plan")
    }

    @Test func aRestoreKilledHalfWayLeavesTheItemInTheTrash() throws {
        try note("Old plan", "plan")
        try fixture.library.delete("Old plan.txt")
        try kill(["restore", "Old plan.txt"], at: "entry-staged")
        #expect(try fixture.reopened().trashedDocuments().isEmpty, "while staged, the item is not listed")
        let reopened = try reopen()
        #expect(reopened.recovery.published == 1, "\(reopened.recovery)")
        #expect(try fixture.reopened().trashedDocuments().map(\.originalName) == ["Old plan.txt"])
        #expect(!fixture.test.exists("Documents/Old plan.txt"))
        #expect(try leftovers(in: "Library/Trash").isEmpty)
    }

    @Test func emptyingTheTrashKilledHalfWayDestroysTheItemAtTheNextOpening() throws {
        try note("Old plan", "plan")
        try fixture.library.delete("Old plan.txt")
        try kill(["empty-trash"], at: "entry-staged")
        try #require(try leftovers(in: "Library/Trash").count == 1)
        try reopen()
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.test.absolute("Library/Trash")).isEmpty)
    }

    @Test func recoveryLeavesTheFileOfAWriterThatStillRunsAlone() throws {
        try fixture.test.plant("Documents/data.txt", "old")
        let (writer, log) = try start(["write", "Documents/data.txt", "new"], stoppingAt: "temporary-file-linked")
        try #require(writer.waitUntilStopped(), "\((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")")
        let pending = try leftovers(in: "Documents")
        try #require(pending.count == 1)
        // Another process opens the container meanwhile (its recovery runs), and this one too.
        let listing = try FolioBinary.run(["--home", home, "ls", "-a", "Documents"])
        #expect(listing.status == 0, "\(listing.standardError)")
        let reopened = try reopen()
        #expect(reopened.recovery.removed == 0)
        #expect(try leftovers(in: "Documents") == pending)
        writer.kill(SIGCONT)
        #expect(writer.wait() == 0, "\((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")")
        #expect(fixture.test.read("Documents/data.txt") == "new")
        #expect(try leftovers(in: "Documents").isEmpty)
    }

    @Test func theTrashListsExactlyTheItemsThatHoldADocument() throws {
        for index in 0..<15 {
            try note("Note \(index)", "text \(index)")
            try fixture.library.delete("Note \(index).txt")
        }
        // What an interrupted deletion of an older Folio left: an item directory without a document.
        try fixture.test.plant("Library/Trash/20261129T205733.123Z-1a2b3c4d/.trashinfo", "{}")
        try FileManager.default.createDirectory(
            atPath: fixture.test.absolute("Library/Trash/20261129T205733.456Z-5e6f7a8b"),
            withIntermediateDirectories: true)
        #expect(try fixture.library.trashedDocuments().count == 15)
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.test.absolute("Library/Trash")).count == 15)
        #expect(try fixture.library.info(applicationVersion: "test").trashCount == 15)
    }
}
