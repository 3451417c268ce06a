import FolioResources
import FolioSandbox
import FolioSystem
import FolioTestSupport
import Foundation
import Testing

/// Opening a container settles what writers that are gone left behind, and nothing of a writer
/// that still runs. (The same with real processes killed with SIGKILL is in
/// FolioDocumentsTests/InterruptedWorkTests.)
@Suite struct RecoveryTests {
    /// A journal as a writer that was killed leaves it: unlocked, naming its entries.
    func plantDeadJournal(_ test: TestContainer, token: String, _ lines: [String]) throws {
        try test.plant("Library/Caches/.folio-writers/\(token)", lines.map { $0 + "\n" }.joined())
    }

    func reopen(_ test: TestContainer) throws -> Container {
        try Container(root: test.container.root, bundle: FolioResources.bundleDirectory)
    }

    @Test func leftoversOfAWriterThatIsGoneAreRemovedWhenTheContainerOpens() throws {
        let test = try TestContainer()
        let leftover = ".notes.txt.folio-0badf00d-12345678.tmp"
        try test.plant("Documents/notes.txt", "new")
        try test.plant("Documents/" + leftover, "old contents of notes.txt")
        try test.plant("Documents/.copy.folio-0badf00d-0000000a.tmp/inside/file", "half a copy")
        try plantDeadJournal(
            test, token: "0badf00d",
            ["discard\tDocuments/\(leftover)", "discard\tDocuments/.copy.folio-0badf00d-0000000a.tmp"])
        let reopened = try reopen(test)
        #expect(!test.exists("Documents/" + leftover))
        #expect(!test.exists("Documents/.copy.folio-0badf00d-0000000a.tmp"))
        #expect(test.read("Documents/notes.txt") == "new")
        #expect(!test.exists("Library/Caches/.folio-writers/0badf00d"))
        #expect(reopened.recovery.removed == 2)
        #expect(reopened.recovery.journals == 1)
        #expect(reopened.recovery.problems.isEmpty)
    }

    @Test func onlyEntriesThatCarryTheDeadWritersTokenAreTouched() throws {
        let test = try TestContainer()
        try test.plant("Documents/keep.txt", "mine")
        try test.plant("Documents/.other.folio-1234abcd-12345678.tmp", "another writer's")
        try plantDeadJournal(
            test, token: "0badf00d",
            [
                "discard\tDocuments/keep.txt", "discard\tDocuments/.other.folio-1234abcd-12345678.tmp",
                "discard\tDocuments/../../etc/passwd", "publish\tDocuments/keep.txt\tstolen", "garbage",
            ])
        _ = try reopen(test)
        #expect(test.read("Documents/keep.txt") == "mine")
        #expect(test.read("Documents/.other.folio-1234abcd-12345678.tmp") == "another writer's")
        #expect(!test.exists("Documents/stolen"))
    }

    @Test func theEntriesOfARunningWriterAreLeftAlone() throws {
        let test = try TestContainer()
        let entry = try test.container.entry(try SandboxPath(parsing: "Documents/report.txt"), operation: "test")
        let names = try test.container.temporaryNames(for: entry, operation: "test")
        let claim = try names.claim(beside: "report.txt")
        try test.plant("Documents/" + claim.name, "being written")
        let other = try reopen(test)
        #expect(test.read("Documents/" + claim.name) == "being written")
        #expect(other.recovery.removed == 0)
        #expect(other.recovery.journals == 0)
        #expect(test.exists("Library/Caches/.folio-writers/" + names.journal.token))
        claim.release()
    }

    @Test func aCompleteStagedDirectoryGetsItsNameAndAnEmptyOneIsRemoved() throws {
        let test = try TestContainer()
        let complete = ".20261129T205733.123Z-1a2b3c4d.folio-0badf00d-00000001.tmp"
        let empty = ".20261129T205733.456Z-5e6f7a8b.folio-0badf00d-00000002.tmp"
        try test.plant("Library/Trash/\(complete)/.trashinfo", "{}")
        try test.plant("Library/Trash/\(complete)/Garden.dudeldoc", "drawing")
        try test.plant("Library/Trash/\(empty)/.trashinfo", "{}")
        try plantDeadJournal(
            test, token: "0badf00d",
            [
                "publish\tLibrary/Trash/\(complete)\t20261129T205733.123Z-1a2b3c4d",
                "publish\tLibrary/Trash/\(empty)\t20261129T205733.456Z-5e6f7a8b",
            ])
        let reopened = try reopen(test)
        #expect(test.read("Library/Trash/20261129T205733.123Z-1a2b3c4d/Garden.dudeldoc") == "drawing")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: test.absolute("Library/Trash")) == [
                "20261129T205733.123Z-1a2b3c4d"
            ])
        #expect(reopened.recovery.published == 1)
        #expect(reopened.recovery.removed == 1)
    }

    @Test func aWriterThatFinishesLeavesNoJournal() throws {
        let test = try TestContainer()
        var container: Container? = try reopen(test)
        let entry = try test.container.entry(try SandboxPath(parsing: "Documents/a.txt"), operation: "test")
        if let container {
            let names = try container.temporaryNames(for: entry, operation: "test")
            try names.claim(beside: "a.txt").release()
            #expect(names.journal.outstandingLines.isEmpty)
            #expect(
                try Data(
                    contentsOf: URL(
                        fileURLWithPath: test.absolute("Library/Caches/.folio-writers/" + names.journal.token))
                ).isEmpty)
        }
        container = nil
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: test.absolute("Library/Caches/.folio-writers")).isEmpty)
    }

    @Test func temporaryNamesCarryTheirWritersToken() {
        let name = TemporaryName.make(beside: "Garden.dudeldoc", writer: "0badf00d")
        #expect(name.hasPrefix(".Garden.dudeldoc.folio-0badf00d-") && name.hasSuffix(".tmp"))
        #expect(TemporaryName.writer(of: name) == "0badf00d")
        let long = TemporaryName.make(beside: String(repeating: "é", count: 127), writer: "0badf00d")
        #expect(long.utf8.count <= 255)
        #expect(TemporaryName.writer(of: long) == "0badf00d")
        for other in [".a.folio-1a2b3c4d.tmp", "a.folio-0badf00d-12345678.tmp", ".a.folio-0BADF00D-12345678.tmp", "x"] {
            #expect(TemporaryName.writer(of: other) == nil, "\(other)")
        }
    }
}
