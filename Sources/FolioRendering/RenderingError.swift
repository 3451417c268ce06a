import FolioCore
import FolioSandbox

/// The error of every FolioRendering operation: which operation, on which image or document, why.
///
/// The ``description`` reads
/// `thumbnail failed for Documents/cat.png: the image is 100000×100000 pixels, more than the limit of 150000000 (tooLarge)`.
/// When a file failure is behind the error, ``code`` keeps that failure's code (`notFound`,
/// `permissionDenied`, …) and ``underlying`` keeps the failure.
public struct RenderingError: FolioError, Hashable {
    /// What went wrong, as a stable identifier a program can match on.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The identifier, e.g. `"unsupportedFormat"`.
        public let rawValue: String

        /// Makes a code; the static members are the ones FolioRendering uses.
        public init(_ rawValue: String) {
            self.rawValue = rawValue
        }

        public var description: String { rawValue }

        /// The bytes are not an image of a format Folio makes thumbnails of (PNG, JPEG, GIF, WebP).
        public static let unsupportedFormat = Code("unsupportedFormat")
        /// The bytes claim to be an image of a supported format but cannot be decoded.
        public static let corrupt = Code("corrupt")
        /// The image has more pixels, or the file more bytes, than a thumbnail is made from.
        public static let tooLarge = Code(FileError.Code.tooLarge.rawValue)
        /// A thumbnail or picture size outside the sizes allowed (``ImageThumbnailer/sizes``,
        /// ``DocumentRenderer/pictureSizes``).
        public static let invalidSize = Code("invalidSize")
        /// The document is of a kind that is not drawn in the format asked for (a generic file,
        /// a note as SVG).
        public static let notRenderable = Code("notRenderable")
        /// cairo could not draw or encode the page (out of memory, a write that failed).
        public static let renderingFailed = Code("renderingFailed")
    }

    /// What went wrong.
    public var code: Code
    /// The operation that failed, e.g. `"thumbnail"`.
    public var operation: String
    /// The image: a container path, or a description of the bytes.
    public var subject: String
    /// Why, in a sentence a person can read.
    public var reason: String
    /// The failure behind this one (a ``FileError`` reading the image, …).
    public var underlying: (any FolioError)?

    /// An error with these properties.
    public init(
        _ code: Code, operation: String, subject: String, reason: String, underlying: (any FolioError)? = nil
    ) {
        self.code = code
        self.operation = operation
        self.subject = subject
        self.reason = reason
        self.underlying = underlying
    }

    /// The error for a file failure while rendering, keeping its code and the failure itself.
    public init(_ error: FileError, operation: String, subject: String? = nil) {
        self.init(
            Code(error.code.rawValue), operation: operation, subject: subject ?? error.subject, reason: error.reason,
            underlying: error)
    }
}
