import CVips
import Foundation

/// Thumbnails of PNG, JPEG, GIF and WebP images, made by libvips: the pictures of the document
/// browser and the file list.
///
/// An image is shrunk as it is decoded (a JPEG at an eighth of its size when the thumbnail is
/// that much smaller), so a 20-megapixel photo never lies in memory whole. Hostile bytes are
/// normal: a file that is not one of the four formats is `.unsupportedFormat` (libvips's other
/// loaders, ImageMagick among them, are refused), one whose header claims more than
/// `pixelLimit` pixels (a decompression bomb) is `.tooLarge` before a pixel is decoded, and a
/// truncated or damaged image — one its decoder errs or even warns about — is `.corrupt`,
/// never a crash.
///
/// ```swift
/// let png = try ImageThumbnailer().thumbnail(of: jpegBytes, size: 256)
/// ```
public struct ImageThumbnailer: Sendable {
    /// The sizes a thumbnail can be asked for, in pixels (its longer side).
    public static let sizes = 16...1024

    /// The most pixels an image may have to get a thumbnail (150 megapixels by default).
    public var pixelLimit: Int
    /// The most bytes an image file may have to get a thumbnail (64 MiB by default).
    public var byteLimit: Int

    /// A thumbnailer with these limits.
    public init(pixelLimit: Int = 150_000_000, byteLimit: Int = 64 << 20) {
        self.pixelLimit = pixelLimit
        self.byteLimit = byteLimit
    }

    /// The format of the image in `bytes` as libvips recognises it from its first bytes, or nil
    /// when it is not one of the four Folio makes thumbnails of.
    /// - Throws: ``RenderingError`` when libvips cannot start.
    public func format(of bytes: Data) throws(RenderingError) -> ImageFormat? {
        try LibVips.withLibrary(subject: "the image") { () -> ImageFormat? in
            bytes.withUnsafeBytes { buffer in
                guard let base = buffer.baseAddress, let loader = folio_vips_loader(base, buffer.count) else {
                    _ = LibVips.takeError()
                    return nil
                }
                return ImageFormat(loaderName: String(cString: loader))
            }
        }
    }

    /// A PNG thumbnail of the image in `bytes` whose longer side is `size` pixels (or the image's
    /// own size, for an image smaller than that: thumbnails are never enlarged).
    ///
    /// - Parameters:
    ///   - bytes: a PNG, JPEG, GIF or WebP file's contents.
    ///   - size: the longer side of the thumbnail, within ``sizes``.
    ///   - subject: what to call the image in an error (its path).
    /// - Returns: the thumbnail, PNG-encoded, without metadata.
    /// - Throws: ``RenderingError`` `.invalidSize`, `.unsupportedFormat`, `.tooLarge`, `.corrupt`.
    /// - Complexity: O(pixels of the image) time; memory of the order of the thumbnail, plus
    ///   the file's bytes.
    public func thumbnail(of bytes: Data, size: Int, subject: String = "the image") throws(RenderingError) -> Data {
        let operation = "thumbnail"
        guard ImageThumbnailer.sizes.contains(size) else {
            throw RenderingError(
                .invalidSize, operation: operation, subject: subject,
                reason: "a thumbnail is \(ImageThumbnailer.sizes.lowerBound) to "
                    + "\(ImageThumbnailer.sizes.upperBound) pixels, not \(size)")
        }
        guard bytes.count <= byteLimit else {
            throw RenderingError(
                .tooLarge, operation: operation, subject: subject,
                reason: "the file has \(bytes.count) bytes, more than the limit of \(byteLimit) for a thumbnail")
        }
        var bytes = bytes
        return try LibVips.withLibrary(subject: subject) { () throws(RenderingError) -> Data in
            // libvips reads the bytes in place, while the buffer is held here.
            let outcome = bytes.withUnsafeMutableBytes { buffer -> Result<Data, RenderingError> in
                do throws(RenderingError) {
                    return .success(try render(buffer, size: size, subject: subject))
                } catch {
                    return .failure(error)
                }
            }
            return try outcome.get()
        }
    }

    /// Checks the header of the image in `buffer`, then shrinks and encodes it; libvips is held.
    private func render(_ buffer: UnsafeMutableRawBufferPointer, size: Int, subject: String) throws(RenderingError)
        -> Data
    {
        let operation = "thumbnail"
        func failure(_ code: RenderingError.Code, _ fallback: String) -> RenderingError {
            RenderingError(code, operation: operation, subject: subject, reason: LibVips.takeError() ?? fallback)
        }
        guard let base = buffer.baseAddress, let loader = folio_vips_loader(base, buffer.count) else {
            _ = LibVips.takeError()
            throw RenderingError(
                .unsupportedFormat, operation: operation, subject: subject,
                reason: "it is not a PNG, JPEG, GIF or WebP image")
        }
        let loaderName = String(cString: loader)
        guard ImageFormat(loaderName: loaderName) != nil else {
            throw RenderingError(
                .unsupportedFormat, operation: operation, subject: subject,
                reason: "it is not a PNG, JPEG, GIF or WebP image (libvips reads it with \(loaderName))")
        }
        guard let header = folio_vips_header(base, buffer.count) else {
            throw failure(.corrupt, "its header cannot be read")
        }
        let width = Int(folio_vips_width(header))
        let height = Int(folio_vips_height(header))
        folio_vips_release(header)
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, pixels <= pixelLimit else {
            throw RenderingError(
                .tooLarge, operation: operation, subject: subject,
                reason: "the image is \(width)×\(height) pixels, more than the limit of \(pixelLimit)")
        }
        var image: OpaquePointer?
        guard folio_vips_thumbnail(base, buffer.count, Int32(size), &image) == 0, let image else {
            throw failure(.corrupt, "it cannot be decoded")
        }
        defer { folio_vips_release(image) }
        var output: UnsafeMutableRawPointer?
        var length = 0
        guard folio_vips_png(image, &output, &length) == 0, let output else {
            throw failure(.corrupt, "it cannot be decoded")
        }
        defer { folio_vips_free(output) }
        // Loaders report a truncated or damaged image as a warning (libjpeg's as an error message
        // on a call that succeeds) and fill in the rest: a thumbnail of half a picture is refused
        // like one that cannot be decoded at all.
        if let warning = LibVips.takeWarning() ?? LibVips.takeError() {
            throw RenderingError(.corrupt, operation: operation, subject: subject, reason: "it is damaged: \(warning)")
        }
        return Data(bytes: output, count: length)
    }
}
