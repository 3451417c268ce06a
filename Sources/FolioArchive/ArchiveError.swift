import FolioCore
import FolioSandbox

/// The error of every FolioArchive operation: which operation, on what, why.
///
/// The ``description`` reads
/// `unarchive failed for Documents/a.dudeldoc: it holds version 3 of Drawing; this program reads up to version 1 (newerVersion)`.
/// When reading or writing the file itself failed, ``code`` is the ``FileError``'s code
/// (`notFound`, `permissionDenied`, `tooLarge`, …) and ``fileError`` holds that error.
public struct ArchiveError: FolioError, Hashable {
    /// What went wrong, as a stable identifier a program can match on.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The identifier, e.g. `"corrupt"`.
        public let rawValue: String

        /// Makes a code; the static members are the ones FolioArchive uses.
        public init(_ rawValue: String) {
            self.rawValue = rawValue
        }

        public var description: String { rawValue }

        /// The bytes are not a Folio archive, or its contents do not decode as the type.
        public static let corrupt = Code("corrupt")
        /// The archive holds a value of another type.
        public static let wrongType = Code("wrongType")
        /// The archive was written by a newer version of the type (or of Folio) than this program knows.
        public static let newerVersion = Code("newerVersion")
        /// An archive of an older version could not be brought up to the current one.
        public static let migrationFailed = Code("migrationFailed")
        /// The value could not be encoded (for example a floating-point value JSON cannot hold).
        public static let unencodable = Code("unencodable")
        /// Nothing exists at the path (from the file system).
        public static let notFound = Code(FileError.Code.notFound.rawValue)
        /// The file is larger than the archiver accepts (from the file system).
        public static let tooLarge = Code(FileError.Code.tooLarge.rawValue)
        /// Any other failure of the system (from the file system).
        public static let systemError = Code(FileError.Code.systemError.rawValue)
    }

    /// What went wrong.
    public var code: Code
    /// The operation that failed: `"archive"` or `"unarchive"`.
    public var operation: String
    /// What it was applied to: a container path, or the type's name for data in memory.
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

    /// Wraps a file-system failure, keeping its code.
    public init(_ error: FileError, operation: String) {
        self.init(
            Code(error.code.rawValue), operation: operation, subject: error.subject, reason: error.reason,
            fileError: error)
    }

    /// The ``fileError``, as the failure this error was made from.
    public var underlying: (any FolioError)? { fileError }
}
