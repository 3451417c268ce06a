import CVips
import Foundation

/// Real images made by libvips — coloured noise of any size, in any of the four formats — for
/// tests and benchmarks that need a PNG, a JPEG, a GIF or a WebP without shipping one.
public enum SampleImage {
    /// The bytes of a `width`×`height` image of noise encoded as `format`.
    ///
    /// ```swift
    /// let photo = try SampleImage.make(width: 5472, height: 3648, format: .jpeg) // 20 megapixels
    /// ```
    /// - Throws: ``RenderingError`` when libvips cannot make it (a size it refuses).
    /// - Complexity: O(`width` × `height`).
    public static func make(width: Int, height: Int, format: ImageFormat) throws(RenderingError) -> Data {
        let subject = "a \(width)×\(height) \(format.rawValue) sample"
        return try LibVips.withLibrary(subject: subject) { () throws(RenderingError) -> Data in
            var output: UnsafeMutableRawPointer?
            var length = 0
            guard
                folio_vips_sample(Int32(clamping: width), Int32(clamping: height), format.saverSuffix, &output, &length)
                    == 0,
                let output
            else {
                throw RenderingError(
                    .invalidSize, operation: "make sample", subject: subject,
                    reason: LibVips.takeError() ?? "libvips cannot make it")
            }
            defer { folio_vips_free(output) }
            return Data(bytes: output, count: length)
        }
    }
}

extension ImageFormat {
    /// The suffix that picks this format's saver in libvips.
    var saverSuffix: String {
        switch self {
        case .png: "png"
        case .jpeg: "jpg"
        case .gif: "gif"
        case .webp: "webp"
        }
    }
}
