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
            attempt { _ = try Archiver().decode(Drawing.self, from: Data(framed.contents)) }
            attempt {
                do {
                    _ = try Archiver().decode(MailSettings.self, from: Data(framed.contents))
                } catch let error as MailError {
                    verdicts.append(.refused(error, code: error.code.description))
                }
            }
            return verdicts.first { if case .unclear = $0 { true } else { false } }
                ?? verdicts.first { if case .refused(_, true, _) = $0 { true } else { false } }
                ?? verdicts.first ?? .accepted
        } catch {
            throw Violation("the scratch Home cannot be set up: \(error)")
        }
    }
}
