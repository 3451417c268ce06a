import FolioTestSupport
import Foundation
import Testing

@Suite struct DocumentExportCommandTests {
    static let redSquare =
        ##"{"drawables":[{"shape":"rectangle","frame":{"origin":{"x":100,"y":100},"width":200,"height":200},"style":{"lineWidth":1,"fillColor":"#ff0000ff"}}]}"##

    /// A fixture with a drawing `Square.dudeldoc` of one red square, saved as the app saves it.
    func fixtureWithASquare() async throws -> DocumentCommandFixture {
        let fixture = try DocumentCommandFixture()
        let name = try #require(try await fixture.field("name", of: ["doc", "new"]) as? String)
        #expect(await fixture.folio(["doc", "rename", name, "Square"]).status == 0)
        let report = try #require(try await fixture.json(["doc", "show", "Square"]) as? [String: Any])
        let version = try #require((report["document"] as? [String: Any])?["version"] as? String)
        let saved = await fixture.folio(["doc", "save", "Square", "--based-on", version], input: Self.redSquare)
        #expect(saved.status == 0, "\(saved.standardError)")
        return fixture
    }

    @Test func aDrawingExportsAsAPDFThatPopplerReadsAndRenders() async throws {
        let fixture = try await fixtureWithASquare()
        let run = await fixture.folio(["doc", "export", "Square", "--pdf", "Documents/Square.pdf"])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput == "wrote Square.dudeldoc as PDF to Documents/Square.pdf\n")
        let path = fixture.home.absolute("Documents/Square.pdf")
        let info = try Poppler.info(path)
        #expect(info["Pages"] == "1")
        #expect(info["Page size"]?.hasPrefix("1024 x 768 pts") == true)
        #expect(info["Title"] == "Square")
        let page = try Poppler.render(path, resolution: 36)
        #expect(page[100, 100].isNear(255, 0, 0), "\(page[100, 100])")
        #expect(page[300, 100].isBlank)
        // The exported file is private, like every new file.
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test func anExistingFileIsReplacedOnlyWithForce() async throws {
        let fixture = try await fixtureWithASquare()
        try fixture.home.plant("tmp/Square.png", "precious")
        let refused = await fixture.folio(["doc", "export", "Square", "--png", "tmp/Square.png"])
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("exists"), "\(refused.standardError)")
        #expect(fixture.home.read("tmp/Square.png") == "precious")
        let forced = await fixture.folio(
            ["--json", "doc", "export", "Square", "--png", "tmp/Square.png", "--size", "128", "--force"])
        #expect(forced.status == 0, "\(forced.standardError)")
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(forced.standardOutput.utf8)) as? [String: Any])
        #expect(report["format"] as? String == "png")
        #expect(report["path"] as? String == "tmp/Square.png")
        let picture = try Raster(
            png: Data(contentsOf: URL(fileURLWithPath: fixture.home.absolute("tmp/Square.png"))))
        #expect(picture.width == 128 && picture.height == 96)
        #expect(picture[25, 25].isNear(255, 0, 0))
    }

    @Test func aPathOutsideTheHomeIsRefusedAndNothingIsWritten() async throws {
        let fixture = try await fixtureWithASquare()
        for path in ["../Square.pdf", "/tmp/Square.pdf", "Documents/../../Square.pdf"] {
            let run = await fixture.folio(["doc", "export", "Square", "--pdf", path])
            #expect(run.status != 0, "\(path)")
        }
        let outside = URL(fileURLWithPath: fixture.home.container.root).deletingLastPathComponent()
        #expect(!FileManager.default.fileExists(atPath: outside.appendingPathComponent("Square.pdf").path))
    }

    @Test func oneFormatMustBeNamed() async throws {
        let fixture = try await fixtureWithASquare()
        #expect(await fixture.folio(["doc", "export", "Square"]).status == 2)
        #expect(
            await fixture.folio(["doc", "export", "Square", "--pdf", "tmp/a.pdf", "--svg", "tmp/a.svg"]).status == 2)
        #expect(await fixture.folio(["doc", "export", "Square", "--png", "tmp/a.png", "--size", "9"]).status == 2)
        #expect(await fixture.folio(["doc", "export", "Square", "--pdf", "tmp/a.pdf", "--paper", "A5"]).status == 2)
        #expect(!fixture.home.exists("tmp/a.pdf") && !fixture.home.exists("tmp/a.png"))
    }

    @Test func aNoteExportsAsPagesAndAnotherFileIsRefused() async throws {
        let fixture = try DocumentCommandFixture()
        try fixture.home.plant("Documents/Long.txt", (1...120).map { "line \($0)" }.joined(separator: "\n"))
        let run = await fixture.folio(["doc", "export", "Long", "--pdf", "tmp/Long.pdf", "--paper", "letter"])
        #expect(run.status == 0, "\(run.standardError)")
        let info = try Poppler.info(fixture.home.absolute("tmp/Long.pdf"))
        #expect(info["Pages"] == "3")
        #expect(info["Page size"]?.hasPrefix("612 x 792 pts") == true)
        // A table file is drawn as a table view; other files are refused.
        try fixture.home.plant("Documents/data.csv", "fruit,price\nquince,3.20\nmedlar,4.10\n")
        let table = await fixture.folio(["doc", "export", "data.csv", "--pdf", "tmp/data.pdf"])
        #expect(table.status == 0, "\(table.standardError)")
        let text = try Poppler.text(fixture.home.absolute("tmp/data.pdf"))
        #expect(text.contains("quince") && text.contains("medlar"), "\(text)")
        let png = await fixture.folio(["doc", "export", "data.csv", "--png", "tmp/data.png"])
        #expect(png.status == 1 && png.standardError.contains("(notRenderable)"), "\(png.standardError)")
        try fixture.home.plant("Documents/photo.bin", "bytes")
        let refused = await fixture.folio(["doc", "export", "photo.bin", "--pdf", "tmp/photo.pdf"])
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("(notRenderable)"), "\(refused.standardError)")
        #expect(!fixture.home.exists("tmp/photo.pdf") && !fixture.home.exists("tmp/data.png"))
    }
}
