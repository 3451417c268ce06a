import FolioArchive
import FolioCore
import FolioSandbox

/// The error of every document-library operation: which operation, on which document, why.
///
/// The ``description`` reads
/// `rename failed for Documents/a.dudeldoc: a document named b.dudeldoc already exists (alreadyExists)`;
/// ``userMessage`` is the sentence to show a person in a form or an alert. When a file-system or
/// archive failure is behind the error, ``code`` keeps that failure's code (`permissionDenied`,
/// `noSpace`, `corrupt`, …) and ``underlying`` keeps that failure (with the system's ``errno``).
public struct DocumentError: FolioError, Hashable {
    /// What went wrong, as a stable identifier a program can match on.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The identifier, e.g. `"alreadyExists"`.
        public let rawValue: String

        /// Makes a code; the static members are the ones FolioDocuments uses.
        public init(_ rawValue: String) {
            self.rawValue = rawValue
        }

        public var description: String { rawValue }

        /// A document name breaks a naming rule.
        public static let invalidName = Code(FileError.Code.invalidName.rawValue)
        /// Another document already has the name.
        public static let alreadyExists = Code(FileError.Code.alreadyExists.rawValue)
        /// No document (or trash item) has the name.
        public static let notFound = Code(FileError.Code.notFound.rawValue)
        /// The document changed on disk since the version a save was based on; nothing was written.
        public static let conflict = Code(FileError.Code.conflict.rawValue)
        /// A name matches several documents.
        public static let ambiguous = Code("ambiguous")
        /// No document kind has that identifier.
        public static let unknownKind = Code("unknownKind")
        /// No sort order has that spelling.
        public static let unknownOrder = Code("unknownOrder")
        /// The document is of another kind than the operation needs (a drawing saved into a note).
        public static let wrongKind = Code("wrongKind")
        /// The document's contents are not what its kind needs (a damaged drawing, text that is not UTF-8).
        public static let corrupt = Code(ArchiveError.Code.corrupt.rawValue)
        /// The document was written by a newer version of Folio.
        public static let newerVersion = Code(ArchiveError.Code.newerVersion.rawValue)
        /// A folder path leads through something that is not a folder (a file, a symbolic link).
        public static let notAFolder = Code("notAFolder")
        /// A folder cannot be moved into itself or one of its own folders.
        public static let intoItself = Code("intoItself")
        /// The document is larger than the reader accepts.
        public static let tooLarge = Code(FileError.Code.tooLarge.rawValue)
    }

    /// The sentence a form shows when a new name is taken.
    public static let nameTakenMessage = "A file with that name already exists! Please enter a different file name."

    /// What went wrong.
    public var code: Code
    /// The operation that failed, e.g. `"rename"`.
    public var operation: String
    /// The document or trash item it was applied to, e.g. `Documents/a.dudeldoc`.
    public var subject: String
    /// A sentence for people: why it failed.
    public var reason: String
    /// The failure of the layer below (a ``FileError``, an ``ArchiveError``) this error was made
    /// from, when there was one.
    public var underlying: (any FolioError)?

    /// Makes an error.
    public init(
        _ code: Code, operation: String, subject: String, reason: String, underlying: (any FolioError)? = nil
    ) {
        self.code = code
        self.operation = operation
        self.subject = subject
        self.reason = reason
        self.underlying = underlying
    }

    /// A file-system failure, under this library's operation name, keeping its code and reason,
    /// and the failure itself as ``underlying``.
    public init(_ error: FileError, operation: String, subject: String? = nil) {
        self.init(
            Code(error.code.rawValue), operation: operation, subject: subject ?? error.subject, reason: error.reason,
            underlying: error)
    }

    /// An archive failure, under this library's operation name, keeping its code and reason, and
    /// the failure itself as ``underlying``.
    public init(_ error: ArchiveError, operation: String, subject: String? = nil) {
        self.init(
            Code(error.code.rawValue), operation: operation, subject: subject ?? error.subject, reason: error.reason,
            underlying: error)
    }

    /// The file-system failure behind this error, when there was one.
    public var fileError: FileError? { cause(FileError.self) }

    /// What to tell a person: the form's sentence for a taken name, otherwise the reason.
    public var userMessage: String {
        code == .alreadyExists
            ? DocumentError.nameTakenMessage : reason.prefix(1).uppercased() + reason.dropFirst() + "."
    }

    /// Runs `body`, translating file-system and archive failures into document errors.
    static func translating<Result>(
        _ operation: String,
        subject: String? = nil,
        _ body: () throws -> Result
    ) throws(DocumentError) -> Result {
        do {
            return try body()
        } catch {
            throw wrapping(error, operation: operation, subject: subject)
        }
    }

    /// `error` as a document error for `operation`.
    static func wrapping(_ error: any Error, operation: String, subject: String?) -> DocumentError {
        switch error {
        case let error as DocumentError:
            return error
        case let error as FileError:
            return DocumentError(error, operation: operation, subject: subject)
        case let error as ArchiveError:
            return DocumentError(error, operation: operation, subject: subject)
        default:
            return DocumentError(
                Code(FileError.Code.systemError.rawValue), operation: operation, subject: subject ?? "Documents",
                reason: "\(error)")
        }
    }
}
