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

    @Test func hiddenFilesAndDirectoriesAreNotDocuments() {
        var translator = translator(known: [])
        let events = translator.translate(
            [
                change(".hidden", .created),
                DirectoryChange(directory: .documents, name: "Folder", kind: .created, isDirectory: true),
            ], readCurrent: { nil })
        #expect(events.isEmpty)
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
