import FolioRendering
import Foundation
import Testing

@Suite struct ImageThumbnailerTests {
    struct Case: Sendable, CustomStringConvertible {
        var format: ImageFormat
        var width: Int
        var height: Int
        var description: String { "\(format.rawValue) \(width)×\(height)" }
    }

    /// The PNG's width and height, read from its IHDR chunk.
    static func dimensions(ofPNG png: Data) throws -> (width: Int, height: Int) {
        let bytes = [UInt8](png)
        try #require(bytes.count > 24)
        #expect(bytes.prefix(8) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(bytes[12..<16] == [0x49, 0x48, 0x44, 0x52])
        let number = { (start: Int) in bytes[start..<start + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (number(16), number(20))
    }

    @Test(arguments: [
        Case(format: .png, width: 640, height: 480),
        Case(format: .jpeg, width: 480, height: 640),
        Case(format: .gif, width: 300, height: 200),
        Case(format: .webp, width: 1000, height: 250),
    ])
    func makesAPNGWhoseLongerSideIsTheSize(_ sample: Case) throws {
        let image = try SampleImage.make(width: sample.width, height: sample.height, format: sample.format)
        let thumbnailer = ImageThumbnailer()
        #expect(try thumbnailer.format(of: image) == sample.format)
        let png = try thumbnailer.thumbnail(of: image, size: 128)
        let (width, height) = try Self.dimensions(ofPNG: png)
        #expect(max(width, height) == 128)
        // The aspect ratio is kept (to a pixel).
        let expected = Double(min(sample.width, sample.height)) / Double(max(sample.width, sample.height)) * 128
        #expect(abs(Double(min(width, height)) - expected) <= 1)
    }

    @Test func aSmallImageIsNotEnlarged() throws {
        let image = try SampleImage.make(width: 40, height: 30, format: .png)
        let (width, height) = try Self.dimensions(ofPNG: ImageThumbnailer().thumbnail(of: image, size: 256))
        #expect(width == 40 && height == 30)
    }

    @Test(arguments: [0, 15, 1025, -1, Int.max])
    func aSizeOutOfBoundsIsRefused(_ size: Int) throws {
        let image = try SampleImage.make(width: 40, height: 30, format: .png)
        let error = try #require(throws: RenderingError.self) {
            try ImageThumbnailer().thumbnail(of: image, size: size)
        }
        #expect(error.code == .invalidSize)
    }

    @Test(arguments: [
        "plain text, not an image\n", "", "%PDF-1.4\n1 0 obj\n", "<svg xmlns='http://www.w3.org/2000/svg'/>",
    ])
    func bytesThatAreNoImageAreUnsupported(_ text: String) throws {
        let error = try #require(throws: RenderingError.self) {
            try ImageThumbnailer().thumbnail(of: Data(text.utf8), size: 64, subject: "Documents/x")
        }
        #expect(error.code == .unsupportedFormat)
        #expect(error.subject == "Documents/x")
    }

    @Test(arguments: ImageFormat.allCases)
    func aTruncatedImageIsCorruptNotACrash(_ format: ImageFormat) throws {
        let image = try SampleImage.make(width: 300, height: 300, format: format)
        let truncated = image.prefix(image.count / 2)
        let error = try #require(throws: RenderingError.self) {
            try ImageThumbnailer().thumbnail(of: Data(truncated), size: 64)
        }
        #expect(error.code == .corrupt)
        #expect(!error.reason.isEmpty)
    }

    /// A decompression bomb: a valid PNG header claiming 100000×100000 pixels (ten gigapixels)
    /// is refused before any pixel is decoded.
    @Test func aPNGClaimingTenGigapixelsIsRefusedByThePixelLimit() throws {
        let bomb = HostileImages.pngHeader(width: 100_000, height: 100_000)
        let error = try #require(throws: RenderingError.self) {
            try ImageThumbnailer().thumbnail(of: bomb, size: 64)
        }
        #expect(error.code == .tooLarge)
        #expect(error.reason.contains("100000×100000"))
    }

    @Test func thePixelLimitCanBeLowered() throws {
        let image = try SampleImage.make(width: 200, height: 200, format: .jpeg)
        let error = try #require(throws: RenderingError.self) {
            try ImageThumbnailer(pixelLimit: 10_000).thumbnail(of: image, size: 64)
        }
        #expect(error.code == .tooLarge)
        #expect(try ImageThumbnailer(pixelLimit: 40_000).thumbnail(of: image, size: 64).count > 0)
    }

    @Test func aFileOverTheByteLimitIsRefused() throws {
        let image = try SampleImage.make(width: 200, height: 200, format: .png)
        let error = try #require(throws: RenderingError.self) {
            try ImageThumbnailer(byteLimit: image.count - 1).thumbnail(of: image, size: 64)
        }
        #expect(error.code == .tooLarge)
    }
}
