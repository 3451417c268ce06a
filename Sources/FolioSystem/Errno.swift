import CFolioSystem
import Glibc

/// A POSIX error number, named the way Swift code reads it.
///
/// The C names (`ENOENT`, `EEXIST`, …) are translated: `.noSuchFile`, `.fileExists`. The
/// ``description`` is the C library's message for the number.
package struct Errno: Hashable, Sendable, CustomStringConvertible {
    /// The C error number.
    package let rawValue: Int32

    /// Wraps a C error number.
    package init(_ rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// The error number the last failing C call left behind.
    package static var current: Errno { Errno(errno) }

    package static let noSuchFile = Errno(ENOENT)
    package static let fileExists = Errno(EEXIST)
    package static let notDirectory = Errno(ENOTDIR)
    package static let isDirectory = Errno(EISDIR)
    package static let directoryNotEmpty = Errno(ENOTEMPTY)
    package static let permissionDenied = Errno(EACCES)
    package static let notPermitted = Errno(EPERM)
    package static let crossDevice = Errno(EXDEV)
    package static let tooManySymbolicLinks = Errno(ELOOP)
    package static let interrupted = Errno(EINTR)
    package static let invalidArgument = Errno(EINVAL)
    package static let notSupported = Errno(EOPNOTSUPP)
    package static let noAttribute = Errno(ENODATA)
    package static let noSystemCall = Errno(ENOSYS)
    package static let noSpace = Errno(ENOSPC)
    package static let readOnlyFileSystem = Errno(EROFS)
    package static let nameTooLong = Errno(ENAMETOOLONG)
    package static let badFileDescriptor = Errno(EBADF)
    package static let wouldBlock = Errno(EAGAIN)
    package static let inappropriateIoctl = Errno(ENOTTY)
    package static let busy = Errno(EBUSY)
    package static let fileTooLarge = Errno(EFBIG)
    package static let connectionRefused = Errno(ECONNREFUSED)
    package static let timedOut = Errno(ETIMEDOUT)
    package static let inProgress = Errno(EINPROGRESS)
    package static let brokenPipe = Errno(EPIPE)
    package static let childProcessMissing = Errno(ECHILD)

    /// The C name of this error number, e.g. `"ENOENT"` (`"E"` and the number when the C library
    /// has no name for it).
    package var name: String {
        guard let name = folio_errno_name(rawValue) else { return "E\(rawValue)" }
        return String(cString: name)
    }

    /// The C library's message for this error number, e.g. "No such file or directory".
    package var description: String {
        guard let message = strerror(rawValue) else { return "error \(rawValue)" }
        return String(cString: message)
    }
}
