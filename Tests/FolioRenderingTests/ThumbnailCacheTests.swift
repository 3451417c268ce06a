import FolioFiles
import FolioRendering
import FolioSandbox
import FolioTestSupport
import Foundation
import Testing

@Suite struct ThumbnailCacheTests {
    struct Fixture {
        let test: TestContainer
        let cache: ThumbnailCache

        init(maximumEntries: Int = 2000) throws {
            test = try TestContainer()
            cache = ThumbnailCache(files: Files(test.container), maximumEntries: maximumEntries)
        }

        func put(_ relative: String, _ data: Data) throws {
            let url = URL(fileURLWithPath: test.absolute(relative))
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
        }

        func thumbnail(_ relative: String, size: Int = 64) throws -> Data {
            try cache.thumbnail(of: SandboxPath(parsing: relative), size: size)
        }

        var cachedNames: [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: test.absolute("Library/Caches/Thumbnails"))) ?? [])
                .sorted()
        }
    }

    @Test func aThumbnailIsCachedUnderLibraryCaches() throws {
        let fixture = try Fixture()
        try fixture.put("Documents/cat.jpg", SampleImage.make(width: 400, height: 300, format: .jpeg))
        let first = try fixture.thumbnail("Documents/cat.jpg")
        #expect(fixture.cachedNames.count == 1)
        #expect(try fixture.thumbnail("Documents/cat.jpg") == first)
        #expect(fixture.cachedNames.count == 1)
        // Another size is another entry.
        _ = try fixture.thumbnail("Documents/cat.jpg", size: 32)
        #expect(fixture.cachedNames.count == 2)
    }

    /// A hit is served from the cache, not made again: a cached file altered on disk is what
    /// comes back while the image is unchanged.
    @Test func aHitIsServedFromTheCache() throws {
        let fixture = try Fixture()
        try fixture.put("Documents/cat.png", SampleImage.make(width: 100, height: 100, format: .png))
        let made = try fixture.thumbnail("Documents/cat.png")
        let name = try #require(fixture.cachedNames.first)
        let entry = fixture.test.absolute("Library/Caches/Thumbnails/" + name)
        let stored = try Data(contentsOf: URL(fileURLWithPath: entry))
        #expect(stored.suffix(made.count) == made)
        let marked = stored.dropLast(made.count) + Data("marked".utf8)
        try marked.write(to: URL(fileURLWithPath: entry))
        #expect(try fixture.thumbnail("Documents/cat.png") == Data("marked".utf8))
    }

    @Test func aChangedImageGetsANewThumbnailAndTheOldOneIsRemoved() throws {
        let fixture = try Fixture()
        try fixture.put("Documents/cat.png", SampleImage.make(width: 100, height: 50, format: .png))
        let wide = try fixture.thumbnail("Documents/cat.png")
        let before = fixture.cachedNames
        try fixture.put("Documents/cat.png", SampleImage.make(width: 50, height: 100, format: .png))
        let tall = try fixture.thumbnail("Documents/cat.png")
        #expect(try ImageThumbnailerTests.dimensions(ofPNG: wide) == (64, 32))
        #expect(try ImageThumbnailerTests.dimensions(ofPNG: tall) == (32, 64))
        #expect(fixture.cachedNames.count == 1)
        #expect(fixture.cachedNames != before)
    }

    @Test func aCachedThumbnailMadeForAnotherKeyIsIgnored() throws {
        let fixture = try Fixture()
        try fixture.put("Documents/a.png", SampleImage.make(width: 100, height: 100, format: .png))
        let made = try fixture.thumbnail("Documents/a.png")
        let name = try #require(fixture.cachedNames.first)
        let entry = URL(fileURLWithPath: fixture.test.absolute("Library/Caches/Thumbnails/" + name))
        // As if another image's thumbnail had landed under this name (a hash collision).
        try (Data("folio-thumbnail 1\nDocuments/b.png\nother\n64\n".utf8) + Data("wrong".utf8)).write(to: entry)
        #expect(try fixture.thumbnail("Documents/a.png") == made)
    }

    @Test func theCacheIsBoundedByEvictingTheOldest() throws {
        let fixture = try Fixture(maximumEntries: 3)
        let image = try SampleImage.make(width: 40, height: 40, format: .png)
        for index in 0..<6 {
            try fixture.put("Documents/\(index).png", image)
            _ = try fixture.thumbnail("Documents/\(index).png")
            #expect(fixture.cachedNames.count == min(index + 1, 3))
        }
        // The newest is among those kept: asking again does not grow the cache.
        _ = try fixture.thumbnail("Documents/5.png")
        #expect(fixture.cachedNames.count == 3)
    }

    @Test func aMissingFileIsNotFound() throws {
        let fixture = try Fixture()
        let error = try #require(throws: RenderingError.self) { try fixture.thumbnail("Documents/none.png") }
        #expect(error.code.rawValue == FileError.Code.notFound.rawValue)
        #expect(fixture.cachedNames.isEmpty)
    }

    @Test func aFileThatIsNoImageIsUnsupportedAndNothingIsCached() throws {
        let fixture = try Fixture()
        try fixture.put("Documents/fake.png", Data("not a png at all".utf8))
        let error = try #require(throws: RenderingError.self) { try fixture.thumbnail("Documents/fake.png") }
        #expect(error.code == .unsupportedFormat)
        #expect(error.subject == "Documents/fake.png")
        #expect(fixture.cachedNames.isEmpty)
    }

    /// The image is read through the container: a link that leads out of the Home is refused.
    @Test func aLinkOutOfTheHomeIsRefused() throws {
        let fixture = try Fixture()
        let outside = fixture.test.directory.appending("outside.png")
        try SampleImage.make(width: 40, height: 40, format: .png).write(to: URL(fileURLWithPath: outside))
        try FileManager.default.createSymbolicLink(
            atPath: fixture.test.absolute("Documents/link.png"), withDestinationPath: outside)
        let error = try #require(throws: RenderingError.self) { try fixture.thumbnail("Documents/link.png") }
        #expect(error.code.rawValue == FileError.Code.outsideContainer.rawValue)
    }

    @Test func aSizeOutOfBoundsIsRefusedBeforeTheFileIsRead() throws {
        let fixture = try Fixture()
        let error = try #require(throws: RenderingError.self) {
            try fixture.thumbnail("Documents/none.png", size: 5000)
        }
        #expect(error.code == .invalidSize)
    }
}
