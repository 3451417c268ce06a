import FolioSandbox
import FolioSystem

extension Files {
    /// Opens the file at `path` for low-level access (the `NSFileHandle` factories).
    ///
    /// - Parameters:
    ///   - mode: reading, writing, updating or appending.
    ///   - creating: create the file (0600, or `permissions`) when it does not exist.
    /// - Throws: ``FileError`` (`.isDirectory` for a directory; `.readOnly` for writes to the bundle;
    ///   `.permissionDenied` for writing in place to a file with more than one hard link, which may
    ///   be shared with a file outside the container).
    public func open(
        _ path: SandboxPath,
        mode: OpenFile.Mode,
        creating: Bool = false,
        permissions: UInt32 = 0o600
    ) throws(FileError) -> OpenFile {
        var flags = mode.flags
        if creating {
            flags.insert(.create)
        }
        let descriptor = try container.open(path, flags: flags, mode: permissions, operation: "open")
        do {
            let status = try descriptor.status(full: true)
            if status.kind == .directory {
                throw FileError(.isDirectory, operation: "open", subject: path.description, reason: "it is a directory")
            }
            if mode != .reading && status.linkCount > 1 {
                // Another name for this inode may lie outside the container: writing in place would
                // change that file too. An atomic write replaces the name with a new file instead.
                throw FileError(
                    .permissionDenied, operation: "open", subject: path.description,
                    reason: "the file has \(status.linkCount) hard links, so it is never written in place "
                        + "(write it whole, which replaces this name only)")
            }
        } catch {
            throw failure(error, "open", path)
        }
        return OpenFile(descriptor: descriptor, path: path, mode: mode)
    }

    /// Opens the file at `path` for reading by any thread, at any offset: a download to send.
    ///
    /// - Throws: ``FileError`` (`.notFound`, `.isDirectory` for a directory, `.outsideContainer`, …).
    public func openForReading(_ path: SandboxPath) throws(FileError) -> ReadableFile {
        let descriptor = try container.open(path, flags: [], operation: "open")
        do {
            if try descriptor.status(full: false).kind == .directory {
                throw FileError(.isDirectory, operation: "open", subject: path.description, reason: "it is a directory")
            }
        } catch {
            throw failure(error, "open", path)
        }
        return ReadableFile(descriptor: descriptor, path: path)
    }

    /// Writes `bytes` at `offset` of the existing file at `path` and flushes it, touching only those
    /// bytes: the cost is the size of the patch, not of the file.
    ///
    /// - Parameter allowsExtending: accept an offset beyond the end (the gap reads as zeros);
    ///   otherwise such an offset is `.invalidArgument`.
    /// - Throws: ``FileError``.
    public func patch<Bytes: Collection<UInt8>>(
        _ path: SandboxPath,
        at offset: UInt64,
        with bytes: Bytes,
        allowsExtending: Bool = false
    ) throws(FileError) {
        do throws(FileError) {
            let file = try open(path, mode: .writing)
            let size = try file.size()
            if offset > size && !allowsExtending {
                throw FileError(
                    .invalidArgument, operation: "patch", subject: path.description,
                    reason: "offset \(offset) is beyond the end of the file (\(size) bytes)")
            }
            try file.write(Array(bytes), at: offset)
            try file.synchronize()
        } catch var error {
            error.operation = "patch"
            throw error
        }
    }
}
