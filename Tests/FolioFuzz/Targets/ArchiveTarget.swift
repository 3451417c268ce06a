import FolioArchive
import FolioDocuments
import FolioMail
import FolioResources
import FolioSandbox
import Foundation

/// Folio's archives as the document library reads them: drawings (`.dudeldoc`), the
/// preferences with the current document, the name-order cache and trash records; and the mail
/// settings (`Library/Preferences/mail.json`) as `folio doc send` reads them.
///
/// An input is framed as `PATH\nBYTES`: the file's place in the Home, then its bytes (only the
/// bytes are mutated). Each case gets a fresh Home with that one file in it; the library then
/// lists the documents, reads the current one, the recents and the trash, and reads the
/// document and decodes it as a drawing; the bytes are also decoded by ``Archiver`` directly.
struct ArchiveTarget: InProcessTarget {
    var name: String { "archive" }
    var summary: String {
        ".dudeldoc drawings, preferences, name cache, trash records through DocumentLibrary and Archiver"
    }
    var fileExtension: String { "home-file" }

    var profile: MutationProfile {
        MutationProfile(
            tokens: [
                "bplist00", "bplist01", "{", "}", "[", "]", "\"type\"", "\"version\"", "\"root\"", "\"archiver\"",
                "\"drawables\"", "\"shape\"", "\"line\"", "\"text\"", "\"freehand\"", "\"points\"", "\"#ff00ff\"",
                "\"#zz\"", "1e308", "-1e308", "NaN", "\u{D0}", "\u{DF}", "\u{0F}", "\u{4F}", "\u{5F}", "\u{6F}",
                "\u{AF}", "\u{13}", "\u{23}", "\u{33}", "\u{80}", "\0\0\0\0\0\0\0\u{08}",
                "\u{FF}\u{FF}\u{FF}\u{FF}\u{FF}\u{FF}\u{FF}\u{FF}",
            ],
            nesting: [.init("[", "]"), .init("{\"a\":", "}"), .init("\u{A1}", "")],
            maximumSize: 1 << 19, focus: .afterFirstLines(1))
    }

    func seeds(from corpus: SeedCorpus) -> [Seed] {
        HomeSeeds.make(bundle: corpus.bundle)
    }

    func run(_ input: [UInt8], scratch: String) throws(Violation) -> Verdict {
        let framed = HomeSeeds.unframe(input)
        let root = scratch + "/home"
        var decoded: Drawing?
        let verdict: Verdict
        do {
            if FileManager.default.fileExists(atPath: root) {
                try FileManager.default.removeItem(atPath: root)
            }
            let container = try Container(root: root, bundle: FolioResources.bundleDirectory)
            let library = DocumentLibrary(container: container)
            try HomeSeeds.place(framed.contents, at: framed.path, in: root)
            var verdicts: [Verdict] = []
            func attempt(_ body: () throws -> Void) {
                do {
                    try body()
                } catch let error as DocumentError {
                    verdicts.append(.refused(error, code: error.code.description))
                } catch let error as ArchiveError {
                    verdicts.append(.refused(error, code: error.code.description))
                } catch {
                    verdicts.append(.refused(error, code: nil))
                }
            }
            attempt { _ = try library.documents() }
            attempt { _ = try library.currentDocumentName() }
            attempt { _ = try library.recentDocuments() }
            attempt { _ = try library.trashedDocuments() }
            attempt { _ = try library.info(applicationVersion: "fuzz") }
            if framed.path.hasPrefix("Documents/") {
                attempt { _ = try library.read(String(framed.path.dropFirst("Documents/".count))).drawing() }
            }
            attempt { _ = try Archiver().header(of: Data(framed.contents)) }
            attempt { decoded = try Archiver().decode(Drawing.self, from: Data(framed.contents)) }
            attempt {
                do {
                    _ = try Archiver().decode(MailSettings.self, from: Data(framed.contents))
                } catch let error as MailError {
                    verdicts.append(.refused(error, code: error.code.description))
                }
            }
            verdict =
                verdicts.first { if case .unclear = $0 { true } else { false } }
                ?? verdicts.first { if case .refused(_, true, _) = $0 { true } else { false } }
                ?? verdicts.first ?? .accepted
        } catch {
            throw Violation("the scratch Home cannot be set up: \(error)")
        }
        // What a save stores of any drawing that decodes is on its page.
        if let decoded, let problem = Self.offPage(decoded.keptOnPage()) {
            throw Violation("a drawing kept on its page still has \(problem)")
        }
        return verdict
    }

    /// The first coordinate of `drawing` that is off its page, described; nil when all are on it.
    static func offPage(_ drawing: Drawing) -> String? {
        let page = drawing.pageSize
        func off(_ point: Drawing.Point) -> Bool {
            !(0...page.width).contains(point.x) || !(0...page.height).contains(point.y)
        }
        func off(_ frame: Drawing.Rect) -> Bool {
            // The far corner is a sum, so it may round a hair beyond the edge.
            off(frame.origin) || frame.width < 0 || frame.height < 0
                || frame.origin.x + frame.width > page.width * (1 + 1e-12)
                || frame.origin.y + frame.height > page.height * (1 + 1e-12)
        }
        for (index, drawable) in drawing.drawables.enumerated() {
            let isOff: Bool
            switch drawable {
            case .line(let line): isOff = off(line.from) || off(line.to)
            case .rectangle(let rectangle): isOff = off(rectangle.frame)
            case .ellipse(let ellipse): isOff = off(ellipse.frame)
            case .freehand(let path): isOff = path.points.contains(where: off)
            case .text(let text): isOff = off(text.frame)
            }
            if isOff { return "drawables[\(index)] off its \(page.width) × \(page.height) page" }
        }
        return nil
    }
}
