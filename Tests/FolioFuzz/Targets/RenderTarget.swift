import FolioArchive
import FolioDocuments
import FolioRendering
import Foundation

/// Drawings and notes through the cairo renderer, as `folio doc export` and
/// `/api/documents/{name}/pdf` and `/png` draw them: the bytes of a `.dudeldoc` decoded and
/// drawn as a PNG, a PDF and an SVG, and the same bytes, when they are UTF-8, set as a note's
/// pages. Every input gets its pictures or a clear error — whatever the coordinates (huge, not
/// finite, negative sizes), the colours or the text — never a crash, a hang or unbounded memory.
struct RenderTarget: InProcessTarget {
    var name: String { "render" }
    var summary: String { "drawings and notes drawn by cairo as PNG, PDF and SVG (DocumentRenderer)" }
    var fileExtension: String { "dudeldoc" }

    var profile: MutationProfile {
        MutationProfile(
            tokens: [
                "{", "}", "[", "]", "\"drawables\"", "\"shape\"", "\"line\"", "\"rectangle\"", "\"ellipse\"",
                "\"freehand\"", "\"text\"", "\"points\"", "\"frame\"", "\"origin\"", "\"width\"", "\"height\"",
                "\"fontSize\"", "\"lineWidth\"", "\"strokeColor\"", "\"fillColor\"", "\"#ff00ff80\"", "\"#fff\"",
                "1e308", "-1e308", "1e9", "-0", "0.0001", "\u{0}", "\n", "\t", "\u{200F}", "\u{FFFD}", "\u{1F600}",
            ],
            nesting: [.init("[", "]"), .init("{\"a\":", "}")],
            maximumSize: 1 << 16)
    }

    func seeds(from corpus: SeedCorpus) -> [Seed] {
        let drawing = Drawing(drawables: [
            .line(Drawing.Line(from: .init(x: 10, y: 10), to: .init(x: 500, y: 300))),
            .rectangle(
                Drawing.Rectangle(
                    frame: .init(origin: .init(x: 100, y: 100), width: -50, height: 80),
                    style: .init(strokeColor: .black, fillColor: Drawing.Color(red: 200, green: 0, blue: 0)))),
            .ellipse(Drawing.Ellipse(frame: .init(origin: .init(x: 300, y: 300), width: 120, height: 60))),
            .freehand(Drawing.FreehandPath(points: [.init(x: 1, y: 2), .init(x: 30, y: 40), .init(x: 60, y: 5)])),
            .text(
                Drawing.Text(string: "Hello, Dudel", frame: .init(origin: .init(x: 40, y: 600), width: 300, height: 40))
            ),
        ])
        do {
            return [
                Seed(name: "drawing.json.dudeldoc", bytes: Array(try Archiver(format: .json).encode(drawing))),
                Seed(name: "drawing.plist.dudeldoc", bytes: Array(try Archiver().encode(drawing))),
                Seed(name: "note.dudeldoc", bytes: Array("A note\n\twith a tab and a very long line ".utf8)),
            ]
        } catch {
            fatalError("the drawing seeds cannot be archived: \(error)")
        }
    }

    func run(_ input: [UInt8], scratch: String) throws(Violation) -> Verdict {
        let bytes = Data(input)
        var verdict = Verdict.accepted
        do {
            let drawing = try Archiver().decode(Drawing.self, from: bytes, subject: "fuzz.dudeldoc")
            let renderer = DrawingRenderer()
            try expectPNG(try renderer.png(drawing, size: 64))
            try expect(try renderer.pdf(drawing), startsWith: "%PDF-")
            try expect(try renderer.svg(drawing), startsWith: "<?xml")
        } catch let error as ArchiveError {
            verdict = .refused(error, code: error.code.description)
        } catch let error as RenderingError {
            return .refused(error, code: error.code.description)
        } catch let violation as Violation {
            throw violation
        } catch {
            return .refused(error, code: nil)
        }
        if let text = String(validating: bytes, as: UTF8.self) {
            do {
                let notes = NoteRenderer(pageLimit: 3)
                try expect(try notes.pdf(text), startsWith: "%PDF-")
                try expectPNG(try notes.png(text, size: 64))
            } catch let error as RenderingError {
                return .refused(error, code: error.code.description)
            } catch let violation as Violation {
                throw violation
            } catch {
                return .refused(error, code: nil)
            }
        }
        return verdict
    }

    private func expectPNG(_ data: Data) throws(Violation) {
        guard data.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
            throw Violation("a picture was drawn that is not a PNG (\(data.count) bytes)")
        }
    }

    private func expect(_ data: Data, startsWith prefix: String) throws(Violation) {
        guard data.starts(with: Array(prefix.utf8)) else {
            throw Violation("a document was drawn that does not start with \(prefix) (\(data.count) bytes)")
        }
    }
}
