import FolioDocuments
import FolioRendering
import FolioTestSupport
import Foundation
import Testing

@Suite struct NoteRendererTests {
    /// The PDF of `text`, written in `directory`.
    static func writePDF(
        _ text: String, _ renderer: NoteRenderer = NoteRenderer(), in directory: TemporaryDirectory
    ) throws -> String {
        let path = directory.appending("note.pdf")
        try renderer.pdf(text, title: "Note").write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func aShortNoteIsOneA4Page() throws {
        let directory = TemporaryDirectory()
        let path = try Self.writePDF("Groceries\nmilk, eggs, bread", in: directory)
        let info = try Poppler.info(path)
        #expect(info["Pages"] == "1")
        #expect(info["Page size"]?.contains("(A4)") == true, "\(info)")
        let text = try Poppler.text(path)
        #expect(text.contains("Groceries") && text.contains("milk, eggs, bread"))
    }

    @Test func letterPaperIsLetterSized() throws {
        let directory = TemporaryDirectory()
        let info = try Poppler.info(Self.writePDF("Hello", NoteRenderer(pageSize: .letter), in: directory))
        #expect(info["Page size"]?.hasPrefix("612 x 792 pts") == true, "\(info)")
    }

    @Test func aLongNoteRunsOverPagesInOrderWithNothingLost() throws {
        let directory = TemporaryDirectory()
        let lines = (1...300).map { "Line \($0) of the note" }
        let path = try Self.writePDF(lines.joined(separator: "\n"), in: directory)
        let pages = try #require(Int(try Poppler.info(path)["Pages"] ?? ""))
        // 11-point text on 1.4 lines: about 46 lines fit between A4's 2 cm margins.
        #expect(pages == 7, "\(pages) pages")
        let first = try Poppler.text(path, first: 1, last: 1)
        #expect(first.contains("Line 1 of the note") && !first.contains("Line 100 of"))
        let last = try Poppler.text(path, first: pages, last: pages)
        #expect(last.contains("Line 300 of the note"))
        let all = try Poppler.text(path)
        let found = all.split(whereSeparator: \.isNewline).filter { $0.hasPrefix("Line ") }
        #expect(found.count == 300)
        #expect(found.map(String.init) == lines)
    }

    @Test func aLongParagraphWrapsAtSpacesWithinTheMargins() throws {
        let directory = TemporaryDirectory()
        let words = (1...400).map { "word\($0)" }
        let path = try Self.writePDF(words.joined(separator: " "), in: directory)
        let text = try Poppler.text(path)
        let lines = text.split(whereSeparator: \.isNewline).filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        #expect(lines.count > 20)
        // Every word whole, in order: lines break between words.
        #expect(text.split(whereSeparator: \.isWhitespace).map(String.init) == words)
        // Nothing is painted in the right margin (2 cm, 57 pt).
        let page = try Poppler.render(path, resolution: 36)
        #expect(!page.hasInk(x: page.width - 27, y: 0, width: 27, height: page.height))
        #expect(page.hasInk(x: 28, y: 28, width: 100, height: 20))
    }

    @Test func aWordLongerThanALineIsCutAtTheMargin() throws {
        let directory = TemporaryDirectory()
        let word = String(repeating: "x", count: 400)
        let path = try Self.writePDF(word, in: directory)
        let text = try Poppler.text(path).replacingOccurrences(of: "\n", with: "")
        #expect(text.filter { $0 == "x" }.count == 400)
        let page = try Poppler.render(path, resolution: 36)
        #expect(!page.hasInk(x: page.width - 27, y: 0, width: 27, height: page.height))
    }

    @Test func anEmptyNoteIsOneBlankPage() throws {
        let directory = TemporaryDirectory()
        let path = try Self.writePDF("", in: directory)
        #expect(try Poppler.info(path)["Pages"] == "1")
        let page = try Poppler.render(path, resolution: 36)
        #expect(!page.hasInk(x: 0, y: 0, width: page.width, height: page.height))
    }

    @Test func aNoteBeyondThePageLimitStopsThereAndSaysSo() throws {
        let directory = TemporaryDirectory()
        let text = (1...500).map { "Line \($0)" }.joined(separator: "\n")
        let path = try Self.writePDF(text, NoteRenderer(pageLimit: 2), in: directory)
        #expect(try Poppler.info(path)["Pages"] == "2")
        #expect(try Poppler.text(path, first: 2, last: 2).contains("the note continues beyond 2 pages"))
    }

    /// cairo refuses a whole string that has a Unicode noncharacter in it ("not valid UTF-8").
    @Test(arguments: [0xFFFE, 0xFFFF, 0xFDD0, 0x1_FFFF, 0x10_FFFE] as [UInt32])
    func aNoncharacterIsDrawnAsAReplacementNotRefused(_ value: UInt32) throws {
        let noncharacter = String(try #require(Unicode.Scalar(value)))
        let directory = TemporaryDirectory()
        let path = try Self.writePDF("before \(noncharacter) after", in: directory)
        #expect(try Poppler.text(path).contains("after"))
        let drawing = Drawing(drawables: [
            .text(
                Drawing.Text(
                    string: "a\(noncharacter)b", frame: .init(origin: .init(x: 10, y: 10), width: 9, height: 9)))
        ])
        #expect(try DrawingRenderer().pdf(drawing).starts(with: Array("%PDF-".utf8)))
    }

    @Test func aPNGIsTheFirstPage() throws {
        let picture = try Raster(png: NoteRenderer().png("Hello\nworld", size: 300))
        #expect(picture.height == 300 && picture.width == 212)
        #expect(picture.hasInk(x: 20, y: 20, width: 40, height: 20))
        #expect(!picture.hasInk(x: 100, y: 150, width: 100, height: 100))
    }
}
