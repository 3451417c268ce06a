/// The image formats Folio makes thumbnails of.
public enum ImageFormat: String, Sendable, Hashable, CaseIterable {
    /// Portable Network Graphics.
    case png
    /// JPEG (JFIF, Exif).
    case jpeg
    /// Graphics Interchange Format (the first frame of an animation).
    case gif
    /// WebP, lossy or lossless.
    case webp

    /// The format files named with `fileExtension` hold (any case), or nil for another extension.
    ///
    /// ```swift
    /// ImageFormat(fileExtension: "JPG") // .jpeg
    /// ```
    public init?(fileExtension: String) {
        switch fileExtension.lowercased() {
        case "png": self = .png
        case "jpg", "jpeg", "jpe": self = .jpeg
        case "gif": self = .gif
        case "webp": self = .webp
        default: return nil
        }
    }

    /// The format of the file named `name`, from its extension; nil when it is not an image name.
    public init?(fileName name: String) {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        self.init(fileExtension: String(name[name.index(after: dot)...]))
    }

    /// The name libvips gives the loader of this format from memory.
    var loaderName: String {
        switch self {
        case .png: "VipsForeignLoadPngBuffer"
        case .jpeg: "VipsForeignLoadJpegBuffer"
        case .gif: "VipsForeignLoadNsgifBuffer"
        case .webp: "VipsForeignLoadWebpBuffer"
        }
    }

    /// The format whose libvips loader is `name`, or nil for any other loader.
    init?(loaderName name: String) {
        guard let format = ImageFormat.allCases.first(where: { $0.loaderName == name }) else { return nil }
        self = format
    }
}
