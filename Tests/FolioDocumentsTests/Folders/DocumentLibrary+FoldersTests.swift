import FolioDocuments
import FolioSandbox
import FolioTestSupport
import Foundation
import Testing

@Suite struct DocumentLibraryFoldersTests {
    @Test func listsFoldersWithTheDocumentsByName() throws {
        let fixture = try LibraryFixture()
        try fixture.test.plant("Documents/b.txt", "b")
        try fixture.test.plant("Documents/Projects/Nested.txt", "nested")
        try fixture.test.plant("Documents/a.txt", "a")
        let page = try fixture.library.documents(sortedBy: .name)
        #expect(page.documents.map(\.name) == ["a.txt", "b.txt", "Projects"])
        #expect(page.total == 3)
        let folder = try #require(page.documents.last)
        #expect(folder.kind == .folder)
        #expect(folder.title == "Projects")
        let folders = try fixture.library.documents(kind: .folder)
        #expect(folders.documents.map(\.name) == ["Projects"])
        #expect(try fixture.library.documents(kind: .note).documents.map(\.name) == ["a.txt", "b.txt"])
    }

    @Test func listsAFolderWithPathsAsNames() throws {
        let fixture = try LibraryFixture()
        try fixture.test.plant("Documents/Projects/Nested.txt", "nested")
        try fixture.test.plant("Documents/Projects/2026/Deep.dudeldoc", "deep")
        try fixture.test.plant("Documents/Projects/.hidden", "hidden")
        let page = try fixture.library.documents(in: "Projects")
        #expect(page.documents.map(\.name) == ["Projects/2026", "Projects/Nested.txt"])
        #expect(page.documents.map(\.kind) == [.folder, .note])
        #expect(page.documents.map(\.folder) == ["Projects", "Projects"])
        #expect(page.documents.last?.title == "Nested")
        let deep = try fixture.library.documents(sortedBy: .date, in: "Projects/2026")
        #expect(deep.documents.map(\.name) == ["Projects/2026/Deep.dudeldoc"])
    }

    @Test func theLiveOrderListsFoldersAndFollowsThem() throws {
        let fixture = try LibraryFixture()
        try fixture.test.plant("Documents/a.txt", "a")
        try fixture.library.startLiveOrder()
        try fixture.library.createFolder("Work")
        try FileManager.default.createDirectory(
            atPath: fixture.test.absolute("Documents/Outside"), withIntermediateDirectories: false)
        let page = try fixture.library.documents(sortedBy: .name)
        #expect(fixture.library.keepsOrderLive)
        #expect(page.documents.map(\.name) == ["a.txt", "Outside", "Work"])
        #expect(try fixture.library.documents(kind: .folder).total == 2)
        try fixture.library.delete("Work")
        #expect(try fixture.library.documents(sortedBy: .name).documents.map(\.name) == ["a.txt", "Outside"])
    }

    @Test func aFolderListingCountsOnlyItsOwnEntries() throws {
        let fixture = try LibraryFixture()
        for index in 0..<5 {
            try fixture.test.plant("Documents/Projects/n\(index).txt", "x")
        }
        let page = try fixture.library.documents(offset: 1, limit: 2, in: "Projects")
        #expect(page.total == 5)
        #expect(page.documents.map(\.name) == ["Projects/n1.txt", "Projects/n2.txt"])
    }

    @Test func makesFoldersAndRefusesATakenName() throws {
        let fixture = try LibraryFixture()
        let made = try fixture.library.createFolder("Projects")
        #expect(made.kind == .folder)
        #expect(try fixture.library.createFolder("Projects/2026").name == "Projects/2026")
        try fixture.test.plant("Documents/Taken.txt", "t")
        let error = try #require(throws: DocumentError.self) { try fixture.library.createFolder("Taken.txt") }
        #expect(error.code == .alreadyExists)
        let missing = try #require(throws: DocumentError.self) { try fixture.library.createFolder("Nowhere/Sub") }
        #expect(missing.code == .notFound)
        #expect(!fixture.test.exists("Documents/Nowhere"))
    }

    struct HostilePath: Sendable, CustomStringConvertible {
        var path: String
        var code: DocumentError.Code
        var description: String { path.debugDescription }
    }

    /// Paths that would leave `Documents/`, hide an entry or break the naming rules: refused with
    /// the rule, nothing made anywhere.
    @Test(arguments: [
        HostilePath(path: "../Library/x", code: .invalidName),
        HostilePath(path: "Projects/../../tmp", code: .invalidName),
        HostilePath(path: "/etc", code: .invalidName),
        HostilePath(path: "Projects//x", code: .invalidName),
        HostilePath(path: "Projects/", code: .invalidName),
        HostilePath(path: ".hidden", code: .invalidName),
        HostilePath(path: "Projects/.git", code: .invalidName),
        HostilePath(path: "line\nbreak", code: .invalidName),
        HostilePath(path: "", code: .invalidName),
        HostilePath(path: " padded", code: .invalidName),
    ])
    func refusesHostileFolderPaths(_ hostile: HostilePath) throws {
        let fixture = try LibraryFixture()
        try fixture.test.plant("Documents/Projects/a.txt", "a")
        let made = try #require(throws: DocumentError.self) { try fixture.library.createFolder(hostile.path) }
        #expect(made.code == hostile.code, "\(made)")
        let created = try #require(throws: DocumentError.self) {
            try fixture.library.createDocument(kind: .note, in: hostile.path.isEmpty ? "." : hostile.path)
        }
        #expect(created.code == hostile.code, "\(created)")
        let moved = try #require(throws: DocumentError.self) {
            try fixture.library.move("Projects/a.txt", toFolder: hostile.path.isEmpty ? "." : hostile.path)
        }
        #expect(moved.code == hostile.code, "\(moved)")
        #expect(try fixture.namesOnDisk() == ["Projects"])
        #expect(fixture.test.exists("Documents/Projects/a.txt"))
        #expect(!fixture.test.exists("tmp/a.txt") && !fixture.test.exists("Library/x"))
    }

    /// A symbolic link in `Documents/` to another area is no folder of the library: nothing is
    /// listed, made, read or moved through it, though it stays inside the Home.
    @Test func refusesASymbolicLinkAsAFolder() throws {
        let fixture = try LibraryFixture()
        try fixture.test.plant("Library/Preferences/secret.txt", "secret")
        try fixture.test.plant("Documents/a.txt", "a")
        try FileManager.default.createSymbolicLink(
            atPath: fixture.test.absolute("Documents/Link"), withDestinationPath: "../Library/Preferences")
        #expect(try fixture.library.documents().documents.map(\.name) == ["a.txt"])
        let listing = try #require(throws: DocumentError.self) { try fixture.library.documents(in: "Link") }
        #expect(listing.code == .notAFolder)
        let read = try #require(throws: DocumentError.self) { try fixture.library.read("Link/secret.txt") }
        #expect(read.code == .notAFolder)
        let made = try #require(throws: DocumentError.self) { try fixture.library.createDocument(in: "Link") }
        #expect(made.code == .notAFolder)
        let moved = try #require(throws: DocumentError.self) { try fixture.library.move("a.txt", toFolder: "Link") }
        #expect(moved.code == .notAFolder)
        let deleted = try #require(throws: DocumentError.self) { try fixture.library.delete("Link/secret.txt") }
        #expect(deleted.code == .notAFolder)
        #expect(fixture.test.read("Library/Preferences/secret.txt") == "secret")
        #expect(fixture.test.exists("Documents/a.txt"))
        #expect(!fixture.test.exists("Library/Preferences/a.txt"))
    }

    @Test func createsNewDocumentsInTheFolderAndSelectsThem() throws {
        let fixture = try LibraryFixture()
        try fixture.library.createFolder("Projects")
        let first = try fixture.library.createDocument(kind: .note, in: "Projects")
        let second = try fixture.library.createDocument(kind: .note, in: "Projects")
        #expect(first.name == "Projects/" + fixture.untitled(.note))
        #expect(second.name == "Projects/" + fixture.untitled(.note, 2))
        #expect(try fixture.library.currentDocument().name == second.name)
        let top = try fixture.library.createDocument(kind: .note)
        #expect(top.name == fixture.untitled(.note))
        #expect(try fixture.library.recentDocuments().map(\.name) == [top.name, second.name, first.name])
    }

    @Test func movesDocumentsInAndOutAndTheCurrentDocumentFollows() throws {
        let fixture = try LibraryFixture()
        try fixture.test.plant("Documents/a.txt", "a")
        try fixture.library.createFolder("Projects")
        try fixture.library.select("a.txt")
        let moved = try fixture.library.move("a.txt", toFolder: "Projects")
        #expect(moved.name == "Projects/a.txt")
        #expect(fixture.test.read("Documents/Projects/a.txt") == "a")
        #expect(try fixture.library.currentDocumentName() == "Projects/a.txt")
        let back = try fixture.library.move("Projects/a.txt", toFolder: "")
        #expect(back.name == "a.txt")
        #expect(try fixture.library.currentDocumentName() == "a.txt")
        try fixture.test.plant("Documents/Projects/a.txt", "other")
        let taken = try #require(throws: DocumentError.self) { try fixture.library.move("a.txt", toFolder: "Projects") }
        #expect(taken.code == .alreadyExists)
        #expect(fixture.test.read("Documents/Projects/a.txt") == "other")
        #expect(fixture.test.read("Documents/a.txt") == "a")
    }

    @Test func movesAFolderButNeverIntoItself() throws {
        let fixture = try LibraryFixture()
        try fixture.test.plant("Documents/Projects/2026/a.txt", "a")
        try fixture.library.createFolder("Archive")
        try fixture.library.select("Projects/2026/a.txt")
        let into = try #require(throws: DocumentError.self) {
            try fixture.library.move("Projects", toFolder: "Projects/2026")
        }
        #expect(into.code == .intoItself)
        let moved = try fixture.library.move("Projects", toFolder: "Archive")
        #expect(moved.name == "Archive/Projects")
        #expect(fixture.test.read("Documents/Archive/Projects/2026/a.txt") == "a")
        #expect(try fixture.library.currentDocument().name == "Archive/Projects/2026/a.txt")
    }

    @Test func renamesInAFolderWithTheSameRulesAndRenamesFolders() throws {
        let fixture = try LibraryFixture()
        try fixture.test.plant("Documents/Projects/Nested.txt", "n")
        try fixture.test.plant("Documents/Projects/Taken.txt", "t")
        try fixture.library.select("Projects/Nested.txt")
        #expect(try fixture.library.rename("Projects/Nested.txt", to: "Plan").name == "Projects/Plan.txt")
        let taken = try #require(throws: DocumentError.self) {
            try fixture.library.rename("Projects/Plan.txt", to: "Taken")
        }
        #expect(taken.code == .alreadyExists)
        let escape = try #require(throws: DocumentError.self) {
            try fixture.library.rename("Projects/Plan.txt", to: "../x")
        }
        #expect(escape.code == .invalidName)
        let folder = try fixture.library.rename("Projects", to: "Work.2026")
        #expect(folder.name == "Work.2026")
        #expect(folder.title == "Work.2026")
        #expect(try fixture.library.currentDocument().name == "Work.2026/Plan.txt")
        #expect(try fixture.namesOnDisk() == ["Work.2026"])
    }

    @Test func deletesAFolderWholeToTheTrashAndRestoresItWhole() throws {
        let fixture = try LibraryFixture()
        try fixture.test.plant("Documents/a.txt", "a")
        try fixture.test.plant("Documents/Projects/Nested.txt", "nested")
        try fixture.test.plant("Documents/Projects/2026/Deep.txt", "deep")
        try fixture.library.select("Projects/2026/Deep.txt")
        let deletion = try fixture.library.delete("Projects")
        #expect(deletion.item.kind == .folder)
        #expect(deletion.item.originalName == "Projects")
        #expect(deletion.newCurrent?.name == "a.txt")
        #expect(try fixture.namesOnDisk() == ["a.txt"])
        let items = try fixture.library.trashedDocuments()
        #expect(items.map(\.originalName) == ["Projects"])
        let restored = try fixture.library.restore(deletion.item.id)
        #expect(restored.name == "Projects")
        #expect(restored.kind == .folder)
        #expect(fixture.test.read("Documents/Projects/2026/Deep.txt") == "deep")
        #expect(fixture.test.read("Documents/Projects/Nested.txt") == "nested")
    }

    @Test func aDocumentDeletedFromAFolderIsRestoredToItEvenWhenTheFolderIsGone() throws {
        let fixture = try LibraryFixture()
        try fixture.test.plant("Documents/Projects/Nested.txt", "nested")
        try fixture.test.plant("Documents/Projects/Other.txt", "other")
        try fixture.library.select("Projects/Nested.txt")
        let deletion = try fixture.library.delete("Projects/Nested.txt")
        #expect(deletion.item.originalFolder == "Projects")
        #expect(deletion.item.originalPath == "Projects/Nested.txt")
        #expect(deletion.newCurrent?.name == "Projects/Other.txt")
        try FileManager.default.removeItem(atPath: fixture.test.absolute("Documents/Projects"))
        let restored = try fixture.library.restore("Projects/Nested.txt")
        #expect(restored.name == "Projects/Nested.txt")
        #expect(fixture.test.read("Documents/Projects/Nested.txt") == "nested")
    }

    @Test func deletingTheLastDocumentOfAFolderMakesANewOneThere() throws {
        let fixture = try LibraryFixture()
        try fixture.test.plant("Documents/Projects/Only.txt", "only")
        try fixture.library.select("Projects/Only.txt")
        let deletion = try fixture.library.delete("Projects/Only.txt")
        #expect(deletion.newCurrent?.name == "Projects/" + fixture.untitled(.note))
    }

    @Test func findsByTitleInAFolder() throws {
        let fixture = try LibraryFixture()
        try fixture.test.plant("Documents/Projects/Nested.txt", "n")
        #expect(try fixture.library.document(matching: "Projects/Nested").name == "Projects/Nested.txt")
        #expect(try fixture.library.document(matching: "Projects").kind == .folder)
        let error = try #require(throws: DocumentError.self) { try fixture.library.document(matching: "Nested") }
        #expect(error.code == .notFound)
    }

    @Test func deletesInTheLibraryWhatAFileManagerDeletesInDocuments() throws {
        let fixture = try LibraryFixture()
        try fixture.test.plant("Documents/Projects/Nested.txt", "nested")
        try fixture.test.plant("Documents/.hidden", "h")
        try fixture.test.plant("tmp/x", "x")
        let deletion = try #require(
            try fixture.library.deleteIfInLibrary(SandboxPath(parsing: "Documents/Projects/Nested.txt")))
        #expect(deletion.item.originalPath == "Projects/Nested.txt")
        #expect(try fixture.library.deleteIfInLibrary(SandboxPath(parsing: "Documents/.hidden")) == nil)
        #expect(try fixture.library.deleteIfInLibrary(SandboxPath(parsing: "tmp/x")) == nil)
        #expect(try fixture.library.deleteIfInLibrary(SandboxPath(parsing: "Documents")) == nil)
        #expect(fixture.test.exists("Documents/.hidden") && fixture.test.exists("tmp/x"))
    }
}
