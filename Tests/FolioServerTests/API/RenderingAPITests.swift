import FolioArchive
import FolioDocuments
import FolioTestSupport
import Foundation
import Testing

@Suite struct RenderingAPITests {
    /// A client whose library has `House.dudeldoc`: a filled rectangle and a line.
    static func clientWithAHouse() throws -> AppClient {
        let client = try AppClient()
        let drawing = Drawing(drawables: [
            .rectangle(
                Drawing.Rectangle(
                    frame: .init(origin: .init(x: 200, y: 300), width: 600, height: 400),
                    style: .init(strokeColor: .black, fillColor: Drawing.Color(red: 200, green: 120, blue: 40)))),
            .line(Drawing.Line(from: .init(x: 200, y: 300), to: .init(x: 500, y: 80), style: .init(lineWidth: 8))),
        ])
        let url = URL(fileURLWithPath: client.test.absolute("Documents/House.dudeldoc"))
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Archiver().encode(drawing).write(to: url)
        try client.test.plant("Documents/simpsons.csv", "name\nHomer\n")
        return client
    }

    static func write(_ data: Data, in directory: TemporaryDirectory, as name: String) throws -> String {
        let path = directory.appending(name)
        try data.write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func aDrawingIsServedAsAPDFOfItsPage() throws {
        let client = try Self.clientWithAHouse()
        let reply = client.send("GET", "/api/documents/House.dudeldoc/pdf")
        #expect(reply.status == 200, "\(reply.text)")
        #expect(reply.headers["Content-Type"] == "application/pdf")
        #expect(reply.headers["Content-Disposition"]?.contains("House.pdf") == true)
        let directory = TemporaryDirectory()
        let info = try Poppler.info(Self.write(reply.body, in: directory, as: "house.pdf"))
        #expect(info["Pages"] == "1")
        #expect(info["Page size"]?.hasPrefix("1024 x 768 pts") == true)
    }

    @Test func aNoteIsServedAsPagesOnThePaperAsked() throws {
        let client = try Self.clientWithAHouse()
        try client.test.plant("Documents/Long.txt", (1...100).map { "line \($0)" }.joined(separator: "\n"))
        let reply = client.send("GET", "/api/documents/Long.txt/pdf?paper=letter")
        #expect(reply.status == 200, "\(reply.text)")
        let directory = TemporaryDirectory()
        let path = try Self.write(reply.body, in: directory, as: "long.pdf")
        #expect(try Poppler.info(path)["Pages"] == "3")
        #expect(try Poppler.text(path, first: 3, last: 3).contains("line 100"))
        #expect(client.send("GET", "/api/documents/Long.txt/pdf?paper=A3").status == 400)
    }

    @Test func aPNGIsTheSizeAskedAndTheDrawingsThumbnailIsTheSamePicture() throws {
        let client = try Self.clientWithAHouse()
        let reply = client.send("GET", "/api/documents/House.dudeldoc/png?size=64")
        #expect(reply.status == 200, "\(reply.text)")
        #expect(reply.headers["Content-Type"] == "image/png")
        let picture = try Raster(png: reply.body)
        #expect(picture.width == 64 && picture.height == 48)
        #expect(picture.hasInk(x: 0, y: 0, width: 64, height: 48))
        let thumbnail = client.send("GET", "/api/files/Documents/House.dudeldoc?thumbnail=64")
        #expect(thumbnail.status == 200, "\(thumbnail.text)")
        #expect(thumbnail.body == reply.body)
        #expect(client.test.exists("Library/Caches/Thumbnails"))
    }

    @Test(arguments: ["0", "15", "2049", "big", "-3", "", "64.5"])
    func aSizeOutOfBoundsIs400(_ size: String) throws {
        let client = try Self.clientWithAHouse()
        let reply = client.send("GET", "/api/documents/House.dudeldoc/png?size=\(size)")
        #expect(reply.status == 400, "\(size): \(reply.text)")
    }

    @Test func otherDocumentsAndDamagedDrawingsAreRefusedWithAReason() throws {
        let client = try Self.clientWithAHouse()
        let table = client.send("GET", "/api/documents/simpsons.csv/pdf")
        #expect(table.status == 200, "\(table.text)")
        #expect(table.body.starts(with: Data("%PDF-".utf8)))
        try client.test.plant("Documents/photo.bin", "bytes")
        let generic = client.send("GET", "/api/documents/photo.bin/pdf")
        #expect(generic.status == 415)
        #expect(generic.errorCode == "notRenderable")
        #expect(client.send("GET", "/api/documents/simpsons.csv/png").status == 415)
        #expect(client.send("GET", "/api/documents/Nothing.dudeldoc/pdf").status == 404)
        try client.test.plant("Documents/Broken.dudeldoc", "not an archive")
        let broken = client.send("GET", "/api/documents/Broken.dudeldoc/png")
        #expect(broken.status == 422, "\(broken.text)")
        #expect(broken.errorCode == "corrupt")
        #expect(client.send("GET", "/api/files/Documents/Broken.dudeldoc?thumbnail=64").status == 422)
    }

    @Test func theRoutesAreInTheOpenAPIDocument() throws {
        let client = try Self.clientWithAHouse()
        let document = client.send("GET", "/api/openapi.json").object
        let paths = try #require(document["paths"] as? [String: Any])
        #expect(paths.keys.contains { $0.hasSuffix("/pdf") })
        #expect(paths.keys.contains { $0.hasSuffix("/png") })
    }
}
