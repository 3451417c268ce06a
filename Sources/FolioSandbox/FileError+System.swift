import FolioSystem

extension FileError {
    /// Translates a failed system call into a ``FileError`` for `operation` on `subject`.
    package init(_ error: SystemError, operation: String, subject: String) {
        let (code, reason) = FileError.classify(error.errno)
        self.init(
            code, operation: operation, subject: subject, reason: reason, errno: error.errno.rawValue,
            systemCall: error.call)
    }

    /// `error`, thrown by code that mixes system calls with checks of its own, as a ``FileError``
    /// for `operation` on `subject`: a ``FileError`` as it is, a failed system call translated.
    package static func translating(_ error: any Error, operation: String, subject: String) -> FileError {
        switch error {
        case let error as FileError: error
        case let error as SystemError: FileError(error, operation: operation, subject: subject)
        default: FileError(.systemError, operation: operation, subject: subject, reason: "\(error)")
        }
    }

    /// The C name of ``errno``, e.g. `"EACCES"`, when a system call failed.
    public var errnoName: String? {
        errno.map { Errno($0).name }
    }

    /// The C library's message for ``errno``, e.g. `"Permission denied"`, when a system call failed.
    public var systemMessage: String? {
        errno.map { Errno($0).description }
    }

    /// The code and a plain-words reason for an error number.
    package static func classify(_ errno: Errno) -> (Code, String) {
        switch errno {
        case .noSuchFile: (.notFound, "no such file or directory")
        case .fileExists: (.alreadyExists, "an item with that name already exists")
        case .notDirectory: (.notDirectory, "a component of the path is not a directory")
        case .isDirectory: (.isDirectory, "it is a directory")
        case .directoryNotEmpty: (.directoryNotEmpty, "the directory is not empty")
        case .permissionDenied, .notPermitted: (.permissionDenied, "permission denied (\(errno))")
        case .crossDevice: (.outsideContainer, "the path leads outside the container")
        case .tooManySymbolicLinks: (.outsideContainer, "the path is a symbolic link that cannot be followed here")
        case .notSupported, .noSystemCall, .inappropriateIoctl:
            (.notSupported, "the filesystem does not support this (\(errno))")
        case .noSpace: (.noSpace, "no space left on the device")
        case .readOnlyFileSystem: (.readOnly, "the filesystem is read-only")
        case .nameTooLong: (.invalidName, "a name is longer than 255 bytes")
        case .fileTooLarge: (.tooLarge, "the file is too large")
        case .invalidArgument: (.invalidArgument, "invalid argument (\(errno))")
        default: (.systemError, errno.description)
        }
    }
}
