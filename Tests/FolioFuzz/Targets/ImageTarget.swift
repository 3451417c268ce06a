import FolioRendering
import Foundation

/// PNG, JPEG, GIF and WebP images through ``ImageThumbnailer``, as `GET /api/files/…?thumbnail=`
/// makes their thumbnails with libvips: every input gets a thumbnail (a PNG) or a clear
/// ``RenderingError`` — never a crash, a hang or unbounded memory, whatever its header claims.
struct ImageTarget: InProcessTarget {
    var name: String { "image" }
    var summary: String { "PNG, JPEG, GIF and WebP images through ImageThumbnailer (libvips)" }
    var fileExtension: String { "img" }

    var profile: MutationProfile {
        MutationProfile(
            tokens: [
                "\u{89}PNG\r\n\u{1A}\n", "IHDR", "IDAT", "IEND", "PLTE", "tRNS", "acTL", "fcTL", "\u{FF}\u{D8}\u{FF}",
                "\u{FF}\u{C0}", "\u{FF}\u{C2}", "\u{FF}\u{DA}", "\u{FF}\u{D9}", "\u{FF}\u{E1}Exif", "GIF89a", "GIF87a",
                "NETSCAPE2.0", "RIFF", "WEBPVP8 ", "WEBPVP8L", "VP8X", "ANIM", "ANMF",
                "\u{FF}\u{FF}\u{FF}\u{FF}", "\0\0\0\0", "\u{7F}\u{FF}\u{FF}\u{FF}", "\0\u{01}\u{86}\u{A0}",
            ],
            maximumSize: 1 << 18)
    }

    func seeds(from corpus: SeedCorpus) -> [Seed] {
        var seeds: [Seed] = []
        for format in ImageFormat.allCases {
            for (width, height) in [(64, 48), (17, 130)] {
                do {
                    let image = try SampleImage.make(width: width, height: height, format: format)
                    seeds.append(Seed(name: "sample-\(width)x\(height).\(format.rawValue)", bytes: Array(image)))
                } catch {
                    // Without its seeds the reader would be fuzzed with nothing: a broken libvips.
                    fatalError("libvips cannot make the image seeds: \(error)")
                }
            }
        }
        return seeds
    }

    func run(_ input: [UInt8], scratch: String) throws(Violation) -> Verdict {
        let thumbnailer = ImageThumbnailer(pixelLimit: 40_000_000)
        do {
            let png = try thumbnailer.thumbnail(of: Data(input), size: 64, subject: "fuzz.img")
            guard png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
                throw Violation("a thumbnail was made that is not a PNG (\(png.count) bytes)")
            }
            return .accepted
        } catch let error as RenderingError {
            return .refused(error, code: error.code.description)
        } catch let violation as Violation {
            throw violation
        } catch {
            return .refused(error, code: nil)
        }
    }
}
