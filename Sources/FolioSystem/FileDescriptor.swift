import CFolioSystem
import Glibc

/// An open file descriptor that closes itself when the last reference goes away.
///
/// Every operation on a path is relative to a descriptor (`openat`, `unlinkat`, `renameat2`, …),
/// which is what keeps Folio's file access confined: a directory is resolved once, safely, and the
/// final operation happens inside it.
package final class FileDescriptor: Sendable {
    /// The C descriptor number.
    package let rawValue: Int32
    /// Whether deinit closes it (not for the standard streams).
    private let isOwned: Bool

    /// Takes ownership of a descriptor; it is closed on deinit.
    package init(owning rawValue: Int32) {
        self.rawValue = rawValue
        self.isOwned = true
    }

    private init(borrowing rawValue: Int32) {
        self.rawValue = rawValue
        self.isOwned = false
    }

    deinit {
        if isOwned {
            _ = Glibc.close(rawValue)
        }
    }

    /// The process's standard input (descriptor 0), never closed by Folio.
    package static let standardInput = FileDescriptor(borrowing: STDIN_FILENO)
    /// The process's standard output (descriptor 1), never closed by Folio.
    package static let standardOutput = FileDescriptor(borrowing: STDOUT_FILENO)
    /// The process's standard error (descriptor 2), never closed by Folio.
    package static let standardError = FileDescriptor(borrowing: STDERR_FILENO)

    /// Whether this descriptor is a terminal.
    ///
    /// The corresponding C function is `isatty`.
    package var isTerminal: Bool {
        isatty(rawValue) == 1
    }

    /// Whether this kernel implements `openat2`; when it does not, confinement falls back to
    /// resolving one component at a time with `O_NOFOLLOW`.
    package static let kernelHasOpenat2: Bool = folio_has_openat2() != 0

    /// Opens an absolute path or one relative to the working directory.
    ///
    /// The corresponding C function is `openat(AT_FDCWD, …)`.
    package static func open(
        absolute path: String,
        flags: OpenFlags,
        mode: UInt32 = 0o600
    ) throws(SystemError) -> FileDescriptor {
        let flags = flags.union(.closeOnExec).rawValue
        let fd = try retryingInterrupts("open", path: path) {
            path.withCString { folio_openat(AT_FDCWD, $0, flags, mode) }
        }
        return FileDescriptor(owning: fd)
    }

    /// Opens `path` relative to this directory.
    ///
    /// With `resolve`, the path is resolved by `openat2` under those rules (for example
    /// `.confined`: every step stays beneath this directory); without it, by plain `openat`.
    /// - Throws: ``SystemError`` with `.crossDevice` when `openat2` refuses an escape.
    package func open(
        _ path: some EntryNaming,
        flags: OpenFlags,
        mode: UInt32 = 0o600,
        resolve: ResolveFlags? = nil
    ) throws(SystemError) -> FileDescriptor {
        let raw = flags.union(.closeOnExec).rawValue
        let fd: Int32
        if let resolve {
            fd = try retryingInterrupts("openat2", path: path.shown) {
                path.withCString { folio_openat2(rawValue, $0, raw, mode, resolve.rawValue) }
            }
        } else {
            fd = try retryingInterrupts("openat", path: path.shown) {
                path.withCString { folio_openat(rawValue, $0, raw, mode) }
            }
        }
        return FileDescriptor(owning: fd)
    }

    /// Reopens this descriptor (for example an `O_PATH` one) with other flags through
    /// `/proc/self/fd`, which is how a location-only descriptor becomes readable.
    package func reopen(flags: OpenFlags) throws(SystemError) -> FileDescriptor {
        try FileDescriptor.open(absolute: "/proc/self/fd/\(rawValue)", flags: flags)
    }

    /// A second descriptor for the same open file (`fcntl(F_DUPFD_CLOEXEC)`).
    package func duplicate() throws(SystemError) -> FileDescriptor {
        FileDescriptor(owning: try duplicateUnowned())
    }

    /// A second descriptor for the same open file that nothing here closes: the caller owns it and
    /// must close it or hand it to what does (a Foundation `FileHandle` made to close on release).
    package func duplicateUnowned() throws(SystemError) -> Int32 {
        try retryingInterrupts("dup") { fcntl(rawValue, F_DUPFD_CLOEXEC, 0) }
    }
}
