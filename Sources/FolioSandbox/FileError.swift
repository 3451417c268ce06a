import FolioCore

/// The error of every file operation in a Folio container: which operation, on what, why.
///
/// Path rules (``FileName``, ``SandboxPath``), confinement, and the system calls behind
/// `FolioFiles` all report through this one type. The ``description`` reads
/// `rename failed for Documents/a.dudeldoc: a file named b.dudeldoc already exists (alreadyExists)`.
/// A failed system call keeps its error number (``errno``, ``errnoName``, ``systemMessage``) and the
/// C function (``systemCall``).
public struct FileError: FolioError, Hashable {
    /// What went wrong, as a stable identifier a program can match on.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The identifier, e.g. `"alreadyExists"`.
        public let rawValue: String

        /// Makes a code; the static members are the ones Folio uses.
        public init(_ rawValue: String) {
            self.rawValue = rawValue
        }

        public var description: String { rawValue }

        /// A name breaks one of the naming rules (see ``FileName``).
        public static let invalidName = Code("invalidName")
        /// A path is malformed: absolute, empty components, or an unknown form.
        public static let invalidPath = Code("invalidPath")
        /// The path leads outside the container (`..`, or a symbolic link pointing out).
        public static let outsideContainer = Code("outsideContainer")
        /// A write into the read-only bundle, or a change to the container layout itself.
        public static let readOnly = Code("readOnly")
        /// Nothing exists at the path.
        public static let notFound = Code("notFound")
        /// The destination already exists.
        public static let alreadyExists = Code("alreadyExists")
        /// A directory was needed.
        public static let notDirectory = Code("notDirectory")
        /// A file was needed, but the path names a directory.
        public static let isDirectory = Code("isDirectory")
        /// The directory is not empty.
        public static let directoryNotEmpty = Code("directoryNotEmpty")
        /// The system refused: permissions, an immutable file, or missing privileges.
        public static let permissionDenied = Code("permissionDenied")
        /// The filesystem or kernel does not support the operation.
        public static let notSupported = Code("notSupported")
        /// A size limit was exceeded.
        public static let tooLarge = Code("tooLarge")
        /// The device is full.
        public static let noSpace = Code("noSpace")
        /// An argument is out of range (a negative offset, an unknown attribute value).
        public static let invalidArgument = Code("invalidArgument")
        /// The file changed since the version a conditional write was based on (another process,
        /// another window); nothing was written.
        public static let conflict = Code("conflict")
        /// A download or other transfer failed.
        public static let transferFailed = Code("transferFailed")
        /// Any other failure of the system; ``FileError/errno`` says which.
        public static let systemError = Code("systemError")
    }

    /// What went wrong.
    public var code: Code
    /// The operation that failed, e.g. `"rename"`.
    public var operation: String
    /// What it was applied to, usually a container path such as `Documents/a.txt`.
    public var subject: String
    /// A sentence for people: why it failed.
    public var reason: String
    /// The C error number behind the failure, when a system call failed (see ``errnoName`` and
    /// ``systemMessage``).
    public var errno: Int32?
    /// The C function that failed with ``errno``, e.g. `"renameat2"`, when one did.
    public var systemCall: String?

    /// Makes an error.
    public init(
        _ code: Code, operation: String, subject: String, reason: String, errno: Int32? = nil,
        systemCall: String? = nil
    ) {
        self.code = code
        self.operation = operation
        self.subject = subject
        self.reason = reason
        self.errno = errno
        self.systemCall = systemCall
    }
}
