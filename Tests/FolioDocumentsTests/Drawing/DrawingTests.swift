import FolioArchive
import FolioDocuments
import Foundation
import Testing

@Suite struct DrawingTests {
    static let everyShape = Drawing(drawables: [
        .line(Drawing.Line(from: Drawing.Point(x: 1, y: 2), to: Drawing.Point(x: 3, y: 4))),
        .rectangle(
            Drawing.Rectangle(
                frame: Drawing.Rect(origin: Drawing.Point(x: 0, y: 0), width: 10, height: 5),
                style: Drawing.Style(strokeColor: .black, fillColor: Drawing.Color(hex: "#ff000080"), lineWidth: 2))),
        .ellipse(Drawing.Ellipse(frame: Drawing.Rect(origin: Drawing.Point(x: 5, y: 5), width: 20, height: 10))),
        .freehand(Drawing.FreehandPath(points: [Drawing.Point(x: 0, y: 0), Drawing.Point(x: 1.5, y: 2.25)])),
        .text(
            Drawing.Text(
                string: "Hello, Dudel", frame: Drawing.Rect(origin: Drawing.Point(x: 0, y: 0), width: 100, height: 30))),
    ])

    @Test(arguments: ArchiveFormat.allCases)
    func everyShapeRoundTrips(_ format: ArchiveFormat) throws {
        let data = try Archiver(format: format).encode(Self.everyShape)
        #expect(try Archiver().decode(Drawing.self, from: data) == Self.everyShape)
        #expect(try Archiver().header(of: data).typeName == "Drawing")
    }

    @Test func storesShapesByNameAndColoursAsHex() throws {
        let json = String(decoding: try Archiver(format: .json).encode(Self.everyShape), as: UTF8.self)
        #expect(json.contains("\"shape\" : \"freehand\""))
        #expect(json.contains("\"fillColor\" : \"#ff000080\""))
        #expect(json.contains("\"strokeColor\" : \"#000000ff\""))
    }

    @Test func parsesColours() {
        #expect(Drawing.Color(hex: "#fff") == .white)
        #expect(Drawing.Color(hex: "#102030")?.description == "#102030ff")
        #expect(Drawing.Color(hex: "102030") == nil)
        #expect(Drawing.Color(hex: "#12345") == nil)
        #expect(Drawing.Color(hex: "#gg0000") == nil)
    }

    @Test func refusesAnUnknownShape() throws {
        let json =
            #"{"archiver":"Folio","archiverVersion":1,"type":"Drawing","version":1,"root":{"drawables":[{"shape":"star"}]}}"#
        let error = try #require(throws: ArchiveError.self) {
            try Archiver().decode(Drawing.self, from: Data(json.utf8))
        }
        #expect(error.code == .corrupt)
        #expect(error.reason.contains("drawables[0]"))
    }
}
