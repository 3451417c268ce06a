import FolioSandbox
import FolioSystem

/// File management inside a ``Container``: the `NSFileManager` and `NSFileHandle` roles, made
/// safe and fast on Linux.
///
/// Every path is a ``SandboxPath`` resolved through directory descriptors, so nothing outside the
/// container is reached. Writes are atomic and private (0600, directories 0700) by default; moves
/// and copies never overwrite unless asked; removal never follows a symbolic link.
///
/// ```swift
/// let files = Files(container)
/// try files.createDirectory(at: SandboxPath(parsing: "tmp/text"), withIntermediateDirectories: true)
/// try files.write("Some text", to: SandboxPath(parsing: "tmp/text/1.txt"))
/// for entry in try files.walk(.tmp) { print(entry.path) }
/// ```
public struct Files: Sendable {
    /// The container every path is resolved in.
    public let container: Container

    /// File management in `container`.
    public init(_ container: Container) {
        self.container = container
    }

    /// Whether anything (a file, directory or link, even a dangling one) exists at `path`.
    ///
    /// - Throws: ``FileError`` for a path that cannot be resolved for a reason other than absence
    ///   (for example one leading outside the container).
    public func exists(_ path: SandboxPath) throws(FileError) -> Bool {
        do {
            _ = try container.open(path, flags: [.pathOnly], followSymbolicLinks: false, operation: "check")
            return true
        } catch let error where error.code == .notFound {
            return false
        }
    }

    /// A failure of code that mixes system calls and checks of its own, as a ``FileError``.
    func failure(_ error: any Error, _ operation: String, _ path: SandboxPath) -> FileError {
        FileError.translating(error, operation: operation, subject: path.description)
    }

    /// Wraps a failing system call as a ``FileError``.
    func failure(_ error: SystemError, _ operation: String, _ path: SandboxPath) -> FileError {
        FileError(error, operation: operation, subject: path.description)
    }
}
