import CFolioSystem
import Glibc

extension FileDescriptor {
    /// The status of `name` in this directory, or of this descriptor itself when `name` is empty.
    ///
    /// - Parameters:
    ///   - followSymbolicLinks: describe the link's target rather than the link.
    ///   - full: request every field (times, owner, birth time); otherwise only type, mode, size and
    ///     modification time, which is all a listing needs.
    /// The corresponding C function is `statx`.
    package func status(
        of name: some EntryNaming = "",
        followSymbolicLinks: Bool = false,
        full: Bool = true
    ) throws(SystemError) -> FileStatus {
        var raw = folio_stat()
        let flags = followSymbolicLinks ? 0 : folio_at_symlink_nofollow
        _ = try retryingInterrupts("statx", path: name.shown.isEmpty ? nil : name.shown) {
            name.withCString { folio_statx(rawValue, $0, flags, full ? 1 : 0, &raw) }
        }
        return FileStatus(raw)
    }

    /// Creates a directory named `name` in this directory.
    ///
    /// The corresponding C function is `mkdirat`.
    package func makeDirectory(_ name: some EntryNaming, mode: UInt32 = 0o700) throws(SystemError) {
        _ = try retryingInterrupts("mkdirat", path: name.shown) {
            name.withCString { mkdirat(rawValue, $0, mode_t(mode)) }
        }
    }

    /// Removes the file or symbolic link `name` (never following it).
    ///
    /// The corresponding C function is `unlinkat`.
    package func unlink(_ name: some EntryNaming) throws(SystemError) {
        _ = try retryingInterrupts("unlinkat", path: name.shown) {
            name.withCString { unlinkat(rawValue, $0, 0) }
        }
    }

    /// Removes the empty directory `name`.
    ///
    /// The corresponding C function is `unlinkat(AT_REMOVEDIR)`.
    package func removeDirectory(_ name: some EntryNaming) throws(SystemError) {
        _ = try retryingInterrupts("unlinkat", path: name.shown) {
            name.withCString { unlinkat(rawValue, $0, folio_at_removedir) }
        }
    }

    /// Renames `name` in this directory to `newName` in `destination`.
    ///
    /// The corresponding C function is `renameat2`.
    package func rename(
        _ name: String,
        to newName: String,
        in destination: FileDescriptor,
        mode: RenameMode
    ) throws(SystemError) {
        let flags = mode.flags
        _ = try retryingInterrupts("renameat2", path: name) {
            name.withCString { old in
                newName.withCString { new in
                    folio_renameat2(rawValue, old, destination.rawValue, new, flags)
                }
            }
        }
    }

    /// The target of the symbolic link `name`.
    ///
    /// The corresponding C function is `readlinkat`.
    package func readSymbolicLink(_ name: some EntryNaming) throws(SystemError) -> String {
        var capacity = 256
        while true {
            var buffer = [CChar](repeating: 0, count: capacity)
            let count = try retryingInterrupts("readlinkat", path: name.shown) {
                name.withCString { readlinkat(rawValue, $0, &buffer, capacity) }
            }
            if count < capacity {
                return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
            capacity *= 4
        }
    }

    /// Creates a symbolic link `name` in this directory that points to `target`.
    ///
    /// The corresponding C function is `symlinkat`.
    package func makeSymbolicLink(_ name: some EntryNaming, to target: String) throws(SystemError) {
        _ = try retryingInterrupts("symlinkat", path: name.shown) {
            target.withCString { t in name.withCString { symlinkat(t, rawValue, $0) } }
        }
    }

    /// Creates a hard link `newName` in `destination` to the file `name` in this directory.
    ///
    /// The corresponding C function is `linkat`.
    package func makeHardLink(_ name: String, as newName: String, in destination: FileDescriptor) throws(SystemError) {
        _ = try retryingInterrupts("linkat", path: name) {
            name.withCString { old in
                newName.withCString { new in linkat(rawValue, old, destination.rawValue, new, 0) }
            }
        }
    }

    /// Gives the unnamed file this descriptor refers to (opened with `.unnamedTemporary`) the
    /// name `name` in `directory`; fails with `.fileExists` when that name is taken.
    ///
    /// The corresponding C function is `linkat(AT_EMPTY_PATH)`; it falls back to
    /// `/proc/self/fd` when the caller lacks `CAP_DAC_READ_SEARCH`.
    package func linkUnnamed(as name: String, in directory: FileDescriptor) throws(SystemError) {
        let fd = rawValue
        let first = name.withCString { linkat(fd, "", directory.rawValue, $0, folio_at_empty_path) }
        if first == 0 {
            return
        }
        let error = Errno.current
        guard error == .noSuchFile || error == .notPermitted else {
            throw SystemError(error, call: "linkat", path: name)
        }
        let procPath = "/proc/self/fd/\(fd)"
        _ = try retryingInterrupts("linkat", path: name) {
            procPath.withCString { proc in
                name.withCString { linkat(AT_FDCWD, proc, directory.rawValue, $0, AT_SYMLINK_FOLLOW) }
            }
        }
    }
}
