import FolioArchive
import FolioDocuments
import Foundation
import Testing

@Suite struct DrawingPageTests {
    struct Case: Sendable, CustomStringConvertible {
        var description: String
        var drawn: Drawable
        var saved: Drawable
    }

    private static func point(_ x: Double, _ y: Double) -> Drawing.Point { Drawing.Point(x: x, y: y) }
    private static func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> Drawing.Rect {
        Drawing.Rect(origin: point(x, y), width: width, height: height)
    }

    static let cases: [Case] = [
        Case(
            description: "a line into the left margin is clipped at the edge, its direction kept",
            drawn: .line(Drawing.Line(from: point(100, 100), to: point(-100, 300))),
            saved: .line(Drawing.Line(from: point(100, 100), to: point(0, 200)))),
        Case(
            description: "a line across the whole page is clipped at both ends",
            drawn: .line(Drawing.Line(from: point(-24, 384), to: point(1048, 384))),
            saved: .line(Drawing.Line(from: point(0, 384), to: point(1024, 384)))),
        Case(
            description: "a line wholly in the margin is pinned to the edge",
            drawn: .line(Drawing.Line(from: point(-50, -10), to: point(-20, -40))),
            saved: .line(Drawing.Line(from: point(0, 0), to: point(0, 0)))),
        Case(
            description: "a rectangle from the margin keeps the part on the page",
            drawn: .rectangle(Drawing.Rectangle(frame: rect(-40, -30, 140, 130))),
            saved: .rectangle(Drawing.Rectangle(frame: rect(0, 0, 100, 100)))),
        Case(
            description: "an ellipse beyond the bottom right corner ends at the corner",
            drawn: .ellipse(Drawing.Ellipse(frame: rect(1000, 700, 100, 100))),
            saved: .ellipse(Drawing.Ellipse(frame: rect(1000, 700, 24, 68)))),
        Case(
            description: "a frame with a negative size is turned the right way round",
            drawn: .rectangle(Drawing.Rectangle(frame: rect(50, 60, -80, -20))),
            saved: .rectangle(Drawing.Rectangle(frame: rect(0, 40, 50, 20)))),
        Case(
            description: "freehand points in the margin are clamped to the edges",
            drawn: .freehand(Drawing.FreehandPath(points: [point(10, 10), point(-5, 20), point(2000, -1)])),
            saved: .freehand(Drawing.FreehandPath(points: [point(10, 10), point(0, 20), point(1024, 0)]))),
        Case(
            description: "coordinates that are not numbers become 0",
            drawn: .freehand(Drawing.FreehandPath(points: [point(.nan, 5), point(.infinity, -.infinity)])),
            saved: .freehand(Drawing.FreehandPath(points: [point(0, 5), point(0, 0)]))),
        Case(
            description: "text placed in the margin starts at the edge",
            drawn: .text(Drawing.Text(string: "Hi", frame: rect(-30, 750, 60, 30))),
            saved: .text(Drawing.Text(string: "Hi", frame: rect(0, 750, 30, 18)))),
    ]

    @Test(arguments: cases)
    func shapesInTheMarginAreKeptOnThePage(_ example: Case) {
        let drawing = Drawing(drawables: [example.drawn]).keptOnPage()
        #expect(drawing.drawables == [example.saved])
    }

    @Test func aDrawingOnItsPageIsUnchanged() {
        let drawing = Drawing(drawables: [
            .line(Drawing.Line(from: Self.point(0.1, 0.2), to: Self.point(1024, 768))),
            .rectangle(Drawing.Rectangle(frame: Self.rect(0.1, 0.7, 0.2, 0.1))),
            .freehand(Drawing.FreehandPath(points: [Self.point(3.3, 4.4)])),
        ])
        #expect(drawing.keptOnPage() == drawing)
    }

    @Test func thePageIsTheDrawingsOwn() {
        let drawing = Drawing(
            drawables: [.line(Drawing.Line(from: Self.point(10, 10), to: Self.point(400, 10)))],
            pageSize: Drawing.Size(width: 200, height: 100))
        #expect(
            drawing.keptOnPage().drawables == [.line(Drawing.Line(from: Self.point(10, 10), to: Self.point(200, 10)))])
    }

    @Test func aDrawingStoredWithoutAPageGetsTheDefaultPage() throws {
        let json = #"{"archiver":"Folio","archiverVersion":1,"type":"Drawing","version":1,"root":{"drawables":[]}}"#
        let drawing = try Archiver().decode(Drawing.self, from: Data(json.utf8))
        #expect(drawing.pageSize == Drawing.Size(width: 1024, height: 768))
        #expect(drawing.toolSettings == nil)
    }

    @Test(arguments: ["0", "-5", "100000", "1e308"])
    func refusesAPageOutsideTheSizesAllowed(_ width: String) throws {
        let json =
            #"{"archiver":"Folio","archiverVersion":1,"type":"Drawing","version":1,"root":{"drawables":[],"pageSize":{"width":"#
            + width + #","height":768}}}"#
        let error = try #require(throws: ArchiveError.self) {
            try Archiver().decode(Drawing.self, from: Data(json.utf8))
        }
        #expect(error.code == .corrupt)
        #expect(error.reason.contains("a page is 1 to 16384 points wide and high"))
    }

    @Test(arguments: ArchiveFormat.allCases)
    func pageSizeAndToolSettingsRoundTrip(_ format: ArchiveFormat) throws {
        let settings = Drawing.ToolSettings(
            tool: "ellipse", strokeColor: .black, fillColor: .white, isFilled: true, lineWidth: 7)
        let drawing = Drawing(drawables: [], pageSize: Drawing.Size(width: 600, height: 800), toolSettings: settings)
        let data = try Archiver(format: format).encode(drawing)
        #expect(try Archiver().decode(Drawing.self, from: data) == drawing)
    }
}
