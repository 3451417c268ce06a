import FolioArchive
import FolioFiles
import FolioSandbox
import Foundation
import Testing

@testable import FolioDocuments

@Suite struct NameOrderCacheTests {
    /// Plants documents and dates the directory an hour back, as a library that has been still.
    func settledLibrary(_ names: [String]) throws -> LibraryFixture {
        let fixture = try LibraryFixture()
        for name in names {
            try fixture.test.plant("Documents/" + name, name)
        }
        try settle(fixture)
        return fixture
    }

    func settle(_ fixture: LibraryFixture) throws {
        try FileManager.default.setAttributes(
            [.modificationDate: Date().addingTimeInterval(-3600)], ofItemAtPath: fixture.test.absolute("Documents"))
    }

    var cachePath: String { "Library/Caches/documents-by-name.plist" }

    @Test func aSettledLibraryIsCachedAndTheCacheIsUsed() throws {
        let fixture = try settledLibrary(["a.txt", "b.txt", "c.txt"])
        #expect(try fixture.library.documents().documents.map(\.name) == ["a.txt", "b.txt", "c.txt"])
        #expect(fixture.test.exists(cachePath))
        // Rewrite the cache for the same directory state in another order: the listing follows it.
        let path = DocumentLibrary.nameOrderCachePath
        var cache = try Archiver().unarchive(NameOrderCache.self, from: path, in: fixture.library.files)
        #expect(cache.total == 3)
        #expect(cache.descending == ["c.txt", "b.txt", "a.txt"])
        cache.ascending = ["c.txt", "a.txt", "b.txt"]
        try Archiver().archive(cache, to: path, in: fixture.library.files)
        #expect(try fixture.library.documents().documents.map(\.name) == ["c.txt", "a.txt", "b.txt"])
    }

    @Test func anyChangeToTheDirectoryInvalidatesTheCache() throws {
        let fixture = try settledLibrary(["a.txt", "b.txt"])
        _ = try fixture.library.documents()
        #expect(fixture.test.exists(cachePath))
        let documents = fixture.test.absolute("Documents")
        try FileManager.default.moveItem(atPath: documents + "/a.txt", toPath: documents + "/z.txt")
        #expect(try fixture.library.documents().documents.map(\.name) == ["b.txt", "z.txt"])
        try settle(fixture)
        _ = try fixture.library.documents()
        try fixture.test.plant("Documents/c.txt", "c")
        let page = try fixture.library.documents()
        #expect(page.documents.map(\.name) == ["b.txt", "c.txt", "z.txt"])
        #expect(page.total == 3)
    }

    @Test func aDirectoryThatJustChangedIsNotCached() throws {
        let fixture = try LibraryFixture()
        try fixture.test.plant("Documents/a.txt", "a")
        _ = try fixture.library.documents()
        #expect(!fixture.test.exists(cachePath))
    }

    @Test func pagesBeyondTheCacheReadTheDirectory() throws {
        let names = (1...(NameOrderCache.capacity + 10)).map { "n \($0).txt" }
        let fixture = try settledLibrary(names)
        #expect(try fixture.library.documents(limit: 5).documents.map(\.name) == Array(names.prefix(5)))
        let deep = try fixture.library.documents(offset: NameOrderCache.capacity + 5, limit: 10)
        #expect(deep.documents.map(\.name) == Array(names.suffix(5)))
        #expect(deep.total == names.count)
        let last = try fixture.library.documents(sortedBy: DocumentOrder.name.reversed, limit: 2)
        #expect(last.documents.map(\.name) == names.suffix(2).reversed())
    }
}
