import FolioRendering
import FolioServer
import FolioTestSupport
import Foundation
import Testing

@Suite struct FilesAPIThumbnailTests {
    static func put(_ client: AppClient, _ relative: String, _ data: Data) throws {
        let url = URL(fileURLWithPath: client.test.absolute(relative))
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }

    @Test(arguments: ImageFormat.allCases)
    func anImageHasAPNGThumbnail(_ format: ImageFormat) throws {
        let client = try AppClient()
        try Self.put(client, "Documents/picture.img", SampleImage.make(width: 300, height: 150, format: format))
        let reply = client.send("GET", "/api/files/Documents/picture.img?thumbnail=100")
        #expect(reply.status == 200, "\(reply.text)")
        #expect(reply.headers["Content-Type"] == "image/png")
        #expect(Array(reply.body.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
        #expect(client.test.exists("Library/Caches/Thumbnails"))
    }

    @Test(arguments: ["0", "15", "1025", "big", "-3", ""])
    func aSizeOutOfBoundsIs400(_ size: String) throws {
        let client = try AppClient()
        try Self.put(client, "Documents/a.png", SampleImage.make(width: 30, height: 30, format: .png))
        let reply = client.send("GET", "/api/files/Documents/a.png?thumbnail=\(size)")
        #expect(reply.status == 400)
    }

    @Test func aFileThatIsNoImageIs415WithAReason() throws {
        let client = try AppClient()
        try client.test.plant("Documents/notes.txt", "just words")
        let reply = client.send("GET", "/api/files/Documents/notes.txt?thumbnail=64")
        #expect(reply.status == 415)
        #expect(reply.errorCode == "unsupportedFormat")
        let error = try #require(reply.object["error"] as? [String: Any])
        #expect((error["reason"] as? String)?.contains("not a PNG, JPEG, GIF or WebP image") == true)
    }

    @Test func aCorruptImageIs422() throws {
        let client = try AppClient()
        let image = try SampleImage.make(width: 200, height: 200, format: .jpeg)
        try Self.put(client, "Documents/broken.jpg", image.prefix(image.count / 3))
        let reply = client.send("GET", "/api/files/Documents/broken.jpg?thumbnail=64")
        #expect(reply.status == 422)
        #expect(reply.errorCode == "corrupt")
    }

    @Test func aMissingFileIs404AndADirectory400() throws {
        let client = try AppClient()
        #expect(client.send("GET", "/api/files/Documents/none.png?thumbnail=64").status == 404)
        #expect(client.send("GET", "/api/files/Documents?thumbnail=64").status == 400)
    }

    @Test func aReplacedImageGetsItsNewThumbnail() throws {
        let client = try AppClient()
        try Self.put(client, "Documents/a.png", SampleImage.make(width: 200, height: 100, format: .png))
        let wide = client.send("GET", "/api/files/Documents/a.png?thumbnail=64")
        try Self.put(client, "Documents/a.png", SampleImage.make(width: 100, height: 200, format: .png))
        let tall = client.send("GET", "/api/files/Documents/a.png?thumbnail=64")
        #expect(wide.status == 200 && tall.status == 200)
        // The IHDR's width: 64 for the wide image, 32 for the tall one.
        #expect(wide.body[16..<20] == Data([0, 0, 0, 64]))
        #expect(tall.body[16..<20] == Data([0, 0, 0, 32]))
    }
}
