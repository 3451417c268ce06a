import FolioDocuments
import FolioSandbox
import FolioTestSupport
import Foundation
import Testing

@Suite struct DocumentLibraryTrashTests {
    @Test func deleteThenRestore() throws {
        let fixture = try LibraryFixture()
        try fixture.test.plant("Documents/Garden.dudeldoc", "drawing")
        let deletion = try fixture.library.delete("Garden.dudeldoc")
        let restored = try fixture.library.restore("Garden.dudeldoc")
        #expect(restored.name == "Garden.dudeldoc")
        #expect(fixture.test.read("Documents/Garden.dudeldoc") == "drawing")
        #expect(try fixture.library.trashedDocuments().isEmpty)
        #expect(!fixture.test.exists("Library/Trash/" + deletion.item.id))
    }

    @Test func restoresUnderAFreeNameWhenTheOriginalIsTakenAgain() throws {
        let fixture = try LibraryFixture()
        try fixture.test.plant("Documents/Garden.dudeldoc", "old")
        let deletion = try fixture.library.delete("Garden.dudeldoc")
        try fixture.test.plant("Documents/Garden.dudeldoc", "new")
        try fixture.test.plant("Documents/Garden 2.dudeldoc", "another")
        let restored = try fixture.library.restore(deletion.item.id)
        #expect(restored.name == "Garden 3.dudeldoc")
        #expect(fixture.test.read("Documents/Garden.dudeldoc") == "new")
        #expect(fixture.test.read("Documents/Garden 2.dudeldoc") == "another")
        #expect(fixture.test.read("Documents/Garden 3.dudeldoc") == "old")
    }

    @Test func restoresTheMostRecentlyDeletedOfAName() throws {
        let fixture = try LibraryFixture()
        try fixture.test.plant("Documents/a.txt", "first")
        try fixture.library.delete("a.txt")
        fixture.clock.advance(by: 60)
        try fixture.test.plant("Documents/a.txt", "second")
        try fixture.library.delete("a.txt")
        let items = try fixture.library.trashedDocuments()
        #expect(items.count == 2)
        #expect(items[0].deletionDate > items[1].deletionDate)
        try fixture.library.restore("a.txt")
        #expect(fixture.test.read("Documents/a.txt") == "second")
        try fixture.library.restore("a.txt")
        #expect(fixture.test.read("Documents/a 2.txt") == "first")
    }

    @Test func emptyingTheTrashDestroysOnlyTrashItems() throws {
        let fixture = try LibraryFixture()
        for name in ["a.txt", "b.txt"] {
            try fixture.test.plant("Documents/" + name, name)
            try fixture.library.delete(name)
        }
        try fixture.test.plant("Library/Trash/kept-by-someone-else/x", "x")
        #expect(try fixture.library.emptyTrash() == 2)
        #expect(try fixture.library.trashedDocuments().isEmpty)
        #expect(fixture.test.exists("Library/Trash/kept-by-someone-else/x"))
        let missing = try #require(throws: DocumentError.self) { try fixture.library.restore("a.txt") }
        #expect(missing.code == .notFound)
    }

    @Test func eachItemSaysWhenItIsPurgedAndTheWholeDaysLeft() throws {
        let fixture = try LibraryFixture()
        try fixture.test.plant("Documents/a.txt", "a")
        let deletion = try fixture.library.delete("a.txt")
        #expect(deletion.item.daysLeft == 30)
        #expect(deletion.item.purgeDate == deletion.item.deletionDate.addingTimeInterval(30 * 86_400))
        fixture.clock.advance(by: 86_400 + 1)
        #expect(try fixture.library.trashedDocuments().first?.daysLeft == 29)
        fixture.clock.advance(by: 28 * 86_400 + 3600)
        #expect(try fixture.library.trashedDocuments().first?.daysLeft == 1, "less than a day is still a day")
        let keeping = DocumentLibrary(container: fixture.test.container, trashRetention: nil)
        let kept = try #require(try keeping.trashedDocuments().first)
        #expect(kept.purgeDate == nil && kept.daysLeft == nil)
    }

    @Test func destroysOneItemForGoodAndLeavesTheOthers() throws {
        let fixture = try LibraryFixture()
        for name in ["a.txt", "b.txt"] {
            try fixture.test.plant("Documents/" + name, name)
            try fixture.library.delete(name)
        }
        let destroyed = try fixture.library.destroyTrashItem("a.txt")
        #expect(destroyed.originalName == "a.txt")
        #expect(!fixture.test.exists("Library/Trash/" + destroyed.id))
        #expect(try fixture.library.trashedDocuments().map(\.originalName) == ["b.txt"])
        let again = try #require(throws: DocumentError.self) { try fixture.library.destroyTrashItem(destroyed.id) }
        #expect(again.code == .notFound)
        let missing = try #require(throws: DocumentError.self) { try fixture.library.restore("a.txt") }
        #expect(missing.code == .notFound)
        #expect(try fixture.library.restore("b.txt").name == "b.txt")
    }

    @Test func purgesItemsOlderThanThirtyDays() throws {
        let fixture = try LibraryFixture()
        try fixture.test.plant("Documents/old.txt", "old")
        try fixture.library.delete("old.txt")
        fixture.clock.advance(by: 20 * 86_400)
        try fixture.test.plant("Documents/recent.txt", "recent")
        try fixture.library.delete("recent.txt")
        fixture.clock.advance(by: 10 * 86_400 + 1)
        #expect(try fixture.library.trashedDocuments().map(\.originalName) == ["recent.txt"])
        #expect(try fixture.library.purgeTrash(olderThan: .seconds(86_400)) == 1)
        #expect(try fixture.library.trashedDocuments().isEmpty)
    }

    @Test func anItemWhoseRecordIsLostCanStillBeRestored() throws {
        let fixture = try LibraryFixture()
        try fixture.test.plant("Documents/a.txt", "a")
        let deletion = try fixture.library.delete("a.txt")
        try FileManager.default.removeItem(
            atPath: fixture.test.absolute("Library/Trash/\(deletion.item.id)/.trashinfo"))
        let items = try fixture.library.trashedDocuments()
        #expect(items.map(\.originalName) == ["a.txt"])
        #expect(abs(items[0].deletionDate.timeIntervalSince(deletion.item.deletionDate)) < 0.001)
        #expect(try fixture.library.restore("a.txt").name == "a.txt")
    }

    @Test func anInterruptedDeletionLeavesNoItem() throws {
        let fixture = try LibraryFixture()
        try fixture.test.plant("Library/Trash/20261129T205733.123Z-1a2b3c4d/.trashinfo", "{}")
        #expect(try fixture.library.trashedDocuments().isEmpty)
    }
}
