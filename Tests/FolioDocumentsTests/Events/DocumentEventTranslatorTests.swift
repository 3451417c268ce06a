import FolioFiles
import FolioSandbox
import Testing

@testable import FolioDocuments

@Suite struct DocumentEventTranslatorTests {
    static let preferences = SandboxPath.library

    func translator(known: Set<String>) -> DocumentEventTranslator {
        DocumentEventTranslator(
            known: known, current: nil, preferencesDirectory: Self.preferences, preferencesFile: "documents.json")
    }

    func change(_ name: String, _ kind: DirectoryChange.Kind) -> DirectoryChange {
        DirectoryChange(directory: .documents, name: name, kind: kind)
    }

    @Test func aConflictCheckedSaveIsOneModification() {
        var translator = translator(known: ["a.txt"])
        let events = translator.translate(
            [
                change(".a.txt.folio-1.tmp", .created),
                change("a.txt", .renamed(fromDirectory: .documents, fromName: ".a.txt.folio-1.tmp")),
                change(".a.txt.folio-1.tmp", .renamed(fromDirectory: .documents, fromName: "a.txt")),
                change(".a.txt.folio-1.tmp", .deleted),
            ], readCurrent: { nil })
        #expect(events == [.modified("a.txt")])
        #expect(translator.known == ["a.txt"])
    }

    @Test func anEditorsAtomicSaveOfANewFileCreatesIt() {
        var translator = translator(known: [])
        let events = translator.translate(
            [change(".x.swp", .created), change("x.txt", .renamed(fromDirectory: .documents, fromName: ".x.swp"))],
            readCurrent: { nil })
        #expect(events == [.created("x.txt")])
    }

    @Test func aFileWrittenRightAfterItWasCreatedIsCreated() {
        var translator = translator(known: [])
        let events = translator.translate(
            [change("x.txt", .created), change("x.txt", .modified), change("x.txt", .attributesChanged)],
            readCurrent: { nil })
        #expect(events == [.created("x.txt")])
    }

    @Test func reportsEachStepInOrder() {
        var translator = translator(known: ["a.txt"])
        let events = translator.translate(
            [
                change("a.txt", .modified),
                change("b.txt", .renamed(fromDirectory: .documents, fromName: "a.txt")),
                change("b.txt", .movedOut),
                change("c.txt", .movedIn),
            ], readCurrent: { nil })
        #expect(
            events == [.modified("a.txt"), .renamed(from: "a.txt", to: "b.txt"), .deleted("b.txt"), .created("c.txt")])
        #expect(translator.known == ["c.txt"])
    }

    @Test func hiddenFilesAreNotDocumentsButFoldersAreItems() throws {
        var translator = translator(known: [])
        let events = translator.translate(
            [
                change(".hidden", .created),
                DirectoryChange(directory: .documents, name: ".git", kind: .created, isDirectory: true),
                DirectoryChange(directory: .documents, name: "Folder", kind: .created, isDirectory: true),
                DirectoryChange(
                    directory: try SandboxPath(parsing: "Documents/.git"), name: "config", kind: .created),
            ], readCurrent: { nil })
        #expect(events == [.created("Folder")])
        #expect(translator.foldersChanged)
    }

    @Test func changesInFoldersNameTheItemByItsPath() throws {
        let projects = try SandboxPath(parsing: "Documents/Projects")
        var translator = translator(known: ["Projects", "Projects/a.txt"])
        let events = translator.translate(
            [
                DirectoryChange(directory: projects, name: "b.txt", kind: .created),
                DirectoryChange(directory: projects, name: "a.txt", kind: .modified),
                DirectoryChange(directory: .documents, name: "Projects", kind: .attributesChanged, isDirectory: true),
                DirectoryChange(
                    directory: projects, name: "b.txt", kind: .renamed(fromDirectory: projects, fromName: "a.txt")),
                DirectoryChange(
                    directory: .documents, name: "b.txt", kind: .renamed(fromDirectory: projects, fromName: "b.txt")),
            ], readCurrent: { nil })
        #expect(
            events == [
                .created("Projects/b.txt"), .modified("Projects/a.txt"),
                .renamed(from: "Projects/a.txt", to: "Projects/b.txt"), .renamed(from: "Projects/b.txt", to: "b.txt"),
            ])
        #expect(!translator.foldersChanged)
        #expect(translator.known == ["Projects", "b.txt"])
    }

    @Test func aFolderRenamedOrDeletedTakesWhatIsInIt() throws {
        var translator = translator(known: ["Projects", "Projects/a.txt", "Projects/2026/b.txt", "Projects2/c.txt"])
        let renamed = translator.translate(
            [
                DirectoryChange(
                    directory: .documents, name: "Work",
                    kind: .renamed(fromDirectory: .documents, fromName: "Projects"),
                    isDirectory: true)
            ], readCurrent: { nil })
        #expect(renamed == [.renamed(from: "Projects", to: "Work")])
        #expect(translator.foldersChanged)
        #expect(translator.known == ["Work", "Work/a.txt", "Work/2026/b.txt", "Projects2/c.txt"])
        let deleted = translator.translate(
            [DirectoryChange(directory: .documents, name: "Work", kind: .movedOut, isDirectory: true)],
            readCurrent: { nil })
        #expect(deleted == [.deleted("Work")])
        #expect(translator.known == ["Projects2/c.txt"])
    }

    /// Until the folders are watched again, a renamed folder's watches report under its old path.
    @Test func changesReportedUnderARenamedFoldersOldPathNameItsNewOne() throws {
        var translator = translator(known: ["Projects", "Projects/2026", "Projects/a.txt", "Old"])
        let events = translator.translate(
            [
                DirectoryChange(
                    directory: .documents, name: "Work",
                    kind: .renamed(fromDirectory: .documents, fromName: "Projects"),
                    isDirectory: true),
                DirectoryChange(
                    directory: try SandboxPath(parsing: "Documents/Projects/2026"), name: "d.txt", kind: .created),
                DirectoryChange(
                    directory: try SandboxPath(parsing: "Documents/Projects"), name: "a.txt", kind: .deleted),
                DirectoryChange(directory: .documents, name: "Old", kind: .deleted, isDirectory: true),
                DirectoryChange(directory: try SandboxPath(parsing: "Documents/Old"), name: "e.txt", kind: .created),
            ], readCurrent: { nil })
        #expect(
            events == [
                .renamed(from: "Projects", to: "Work"), .created("Work/2026/d.txt"), .deleted("Work/a.txt"),
                .deleted("Old"),
            ])
        #expect(translator.known == ["Work", "Work/2026", "Work/2026/d.txt"])
    }

    @Test func lostChangesAskForARefresh() {
        var translator = translator(known: ["gone.txt"])
        let events = translator.translate(
            [DirectoryChange(directory: .documents, name: "", kind: .changesLost)], readCurrent: { nil },
            listDocuments: { ["a.txt"] })
        #expect(events == [.refreshNeeded])
        #expect(translator.known == ["a.txt"])
    }

    @Test func theCurrentDocumentIsReportedOnlyWhenItChanges() {
        var translator = translator(known: [])
        let write = DirectoryChange(
            directory: Self.preferences, name: "documents.json",
            kind: .renamed(fromDirectory: Self.preferences, fromName: ".tmp"))
        #expect(translator.translate([write], readCurrent: { "a.txt" }) == [.currentChanged("a.txt")])
        #expect(translator.translate([write], readCurrent: { "a.txt" }).isEmpty)
        #expect(translator.translate([write], readCurrent: { .none }).isEmpty)
        #expect(translator.translate([write], readCurrent: { .some(nil) }) == [.currentChanged(nil)])
    }
}
