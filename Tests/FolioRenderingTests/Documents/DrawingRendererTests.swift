import FolioDocuments
import FolioRendering
import FolioTestSupport
import Foundation
import Testing

@Suite struct DrawingRendererTests {
    typealias Point = Drawing.Point
    typealias Rect = Drawing.Rect

    static let red = Drawing.Color(red: 220, green: 20, blue: 20)
    static let blue = Drawing.Color(red: 20, green: 40, blue: 220)
    static let green = Drawing.Color(red: 20, green: 160, blue: 40)

    /// One of each shape, each in its own part of the page.
    static let sample = Drawing(drawables: [
        .rectangle(
            Drawing.Rectangle(
                frame: Rect(origin: Point(x: 100, y: 100), width: 200, height: 100),
                style: Drawing.Style(strokeColor: nil, fillColor: red))),
        .line(
            Drawing.Line(
                from: Point(x: 600, y: 100), to: Point(x: 900, y: 100),
                style: Drawing.Style(strokeColor: blue, lineWidth: 10))),
        // Drawn from the bottom-right corner: a negative size, turned round as the canvas does.
        .ellipse(
            Drawing.Ellipse(
                frame: Rect(origin: Point(x: 400, y: 600), width: -300, height: -200),
                style: Drawing.Style(strokeColor: green, lineWidth: 8))),
        .freehand(
            Drawing.FreehandPath(
                points: [Point(x: 600, y: 300), Point(x: 700, y: 400), Point(x: 800, y: 300)],
                style: Drawing.Style(strokeColor: .black, lineWidth: 6))),
        .text(Drawing.Text(string: "Hello", frame: Rect(origin: Point(x: 600, y: 550), width: 200, height: 60))),
    ])

    static func writePDF(_ drawing: Drawing, in directory: TemporaryDirectory) throws -> String {
        let path = directory.appending("drawing.pdf")
        try DrawingRenderer().pdf(drawing, title: "Sample").write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func aDrawingIsAOnePagePDFOfTheCanvasSize() throws {
        let directory = TemporaryDirectory()
        let info = try Poppler.info(Self.writePDF(Self.sample, in: directory))
        #expect(info["Pages"] == "1")
        #expect(info["Page size"]?.hasPrefix("1024 x 768 pts") == true, "\(info)")
        #expect(info["Title"] == "Sample")
    }

    /// A drawing whose page is not the default one is drawn on its own page, as the editor shows it.
    @Test func aDrawingIsDrawnOnItsOwnPageSize() throws {
        let directory = TemporaryDirectory()
        var tall = Self.sample
        tall.pageSize = Drawing.Size(width: 800, height: 1200)
        let info = try Poppler.info(Self.writePDF(tall, in: directory))
        #expect(info["Page size"]?.hasPrefix("800 x 1200 pts") == true, "\(info)")
        let png = try DrawingRenderer().png(tall, size: 600)
        let pixels = try Raster(png: png)
        #expect(pixels.width == 400 && pixels.height == 600)
    }

    @Test func theShapesArePaintedWhereTheyAreAndNowhereElse() throws {
        let directory = TemporaryDirectory()
        let page = try Poppler.render(Self.writePDF(Self.sample, in: directory), resolution: 36)
        #expect(page.width == 512 && page.height == 384)
        // Points to pixels at half scale.
        func at(_ x: Int, _ y: Int) -> Raster.Pixel { page[x / 2, y / 2] }
        // The filled rectangle, without an outline.
        #expect(at(200, 150).isNear(220, 20, 20), "\(at(200, 150))")
        #expect(at(110, 110).isNear(220, 20, 20))
        #expect(at(310, 150).isBlank)
        // The line, 10 points wide: on it blue, 12 points off it blank.
        #expect(at(750, 100).isNear(20, 40, 220), "\(at(750, 100))")
        #expect(at(750, 112).isBlank)
        // The ellipse is outlined, not filled: its left edge green, its centre blank.
        #expect(at(100, 500).isNear(20, 160, 40), "\(at(100, 500))")
        #expect(at(250, 500).isBlank)
        // The freehand path passes its middle point; the inside of its V is blank.
        #expect(at(700, 398).isNear(0, 0, 0), "\(at(700, 398))")
        #expect(at(700, 330).isBlank)
        // The text's letters sit in its frame, their baseline a font size below its top.
        #expect(page.hasInk(x: 300, y: 278, width: 60, height: 20))
        #expect(!page.hasInk(x: 300, y: 250, width: 100, height: 20))
        // Corners and the space between the shapes are the white page.
        for (x, y) in [(20, 20), (1000, 740), (500, 250), (950, 500)] {
            #expect(at(x, y).isBlank, "(\(x), \(y)) is \(at(x, y))")
        }
    }

    @Test func theTextIsRealTextInARealFont() throws {
        let directory = TemporaryDirectory()
        let path = try Self.writePDF(Self.sample, in: directory)
        #expect(try Poppler.text(path).contains("Hello"))
        let fonts = try Subprocess.run("pdffonts", [path])
        #expect(fonts.output.contains("DejaVu"), "\(fonts.output)")
    }

    @Test func shapesTheCanvasDoesNotDrawAreNotDrawn() throws {
        let nan = Double.nan
        let drawing = Drawing(drawables: [
            // No area, no points enough, no colour, no width: nothing.
            .rectangle(
                Drawing.Rectangle(
                    frame: Rect(origin: Point(x: 100, y: 100), width: 0, height: 300),
                    style: Drawing.Style(fillColor: Self.red, lineWidth: 20))),
            .freehand(Drawing.FreehandPath(points: [Point(x: 500, y: 500)], style: Drawing.Style(lineWidth: 30))),
            .ellipse(
                Drawing.Ellipse(
                    frame: Rect(origin: Point(x: 600, y: 100), width: 200, height: 200),
                    style: Drawing.Style(strokeColor: nil, fillColor: nil))),
            .line(
                Drawing.Line(
                    from: Point(x: 100, y: 700), to: Point(x: 900, y: 700), style: Drawing.Style(lineWidth: 0))),
            // Not finite: read as 0, so this line runs from the origin.
            .line(Drawing.Line(from: Point(x: nan, y: .infinity), to: Point(x: 40, y: 0))),
        ])
        let directory = TemporaryDirectory()
        let page = try Poppler.render(Self.writePDF(drawing, in: directory), resolution: 36)
        #expect(!page.hasInk(x: 30, y: 30, width: 470, height: 340))
        #expect(page.hasInk(x: 0, y: 0, width: 20, height: 2))
    }

    @Test func aPNGIsTheCanvasAtTheSizeAsked() throws {
        let png = try DrawingRenderer().png(Self.sample, size: 256)
        let picture = try Raster(png: png)
        #expect(picture.width == 256 && picture.height == 192)
        // A quarter of the page: the rectangle's middle, the line, a blank corner.
        #expect(picture[50, 37].isNear(220, 20, 20), "\(picture[50, 37])")
        #expect(picture[187, 25].isNear(20, 40, 220), "\(picture[187, 25])")
        #expect(picture[5, 5].isNear(255, 255, 255, tolerance: 0) && picture[5, 5].alpha == 255)
    }

    @Test(arguments: [0, 15, 2049, -1])
    func aPNGSizeOutOfBoundsIsRefused(_ size: Int) throws {
        let error = #expect(throws: RenderingError.self) { try DrawingRenderer().png(Self.sample, size: size) }
        #expect(error?.code == .invalidSize)
    }

    @Test func anSVGIsAnSVGOfTheCanvasSize() throws {
        let svg = String(decoding: try DrawingRenderer().svg(Self.sample), as: UTF8.self)
        #expect(svg.contains("<svg"))
        #expect(svg.contains("width=\"1024pt\"") && svg.contains("height=\"768pt\""), "\(svg.prefix(300))")
    }
}
