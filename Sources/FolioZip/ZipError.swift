import FolioCore
import FolioSandbox

/// The error of every FolioZip operation: which operation, on what, why.
///
/// The ``description`` reads `zip failed for Documents/Big: libarchive: Write error (systemError)`.
public struct ZipError: FolioError, Hashable {
    /// What went wrong, as a stable identifier a program can match on.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The identifier, e.g. `"archiveFailed"`.
        public let rawValue: String

        /// Makes a code; the static members are the ones FolioZip uses.
        public init(_ rawValue: String) {
            self.rawValue = rawValue
        }

        public var description: String { rawValue }

        /// libarchive refused an entry or could not write the archive.
        public static let archiveFailed = Code("archiveFailed")
        /// Nothing was asked for: a zip of no items.
        public static let empty = Code("empty")
        /// Reading an item or writing the archive's file failed (the file error's code is kept
        /// in ``fileError``).
        public static let systemError = Code(FileError.Code.systemError.rawValue)
    }

    /// What went wrong.
    public var code: Code
    /// The operation that failed: `"zip"`.
    public var operation: String
    /// What it was applied to: a container path, or an entry's name.
    public var subject: String
    /// A sentence for people: why it failed.
    public var reason: String
    /// The file-system failure behind this error, when there was one.
    public var fileError: FileError?

    /// Makes an error.
    public init(_ code: Code, operation: String, subject: String, reason: String, fileError: FileError? = nil) {
        self.code = code
        self.operation = operation
        self.subject = subject
        self.reason = reason
        self.fileError = fileError
    }

    /// Wraps a file-system failure.
    public init(_ error: FileError, operation: String) {
        self.init(.systemError, operation: operation, subject: error.subject, reason: error.reason, fileError: error)
    }

    /// The ``fileError``, as the failure this error was made from.
    public var underlying: (any FolioError)? { fileError }
}
