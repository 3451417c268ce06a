import FolioSandbox
import FolioSystem

extension Files {
    /// Opens the file at `path` for low-level access (the `NSFileHandle` factories).
    ///
    /// - Parameters:
    ///   - mode: reading, writing, updating or appending.
    ///   - creating: create the file (0600, or `permissions`) when it does not exist.
    /// - Throws: ``FileError`` (`.isDirectory` for a directory; `.readOnly` for writes to the bundle).
    public func open(
        _ path: SandboxPath,
        mode: OpenFile.Mode,
        creating: Bool = false,
        permissions: UInt32 = 0o600
    ) throws -> OpenFile {
        var flags = mode.flags
        if creating {
            flags.insert(.create)
        }
        let descriptor = try container.open(path, flags: flags, mode: permissions, operation: "open")
        do {
            if try descriptor.status(full: false).kind == .directory {
                throw FileError(.isDirectory, operation: "open", subject: path.description, reason: "it is a directory")
            }
        } catch let error as SystemError {
            throw failure(error, "open", path)
        }
        return OpenFile(descriptor: descriptor, path: path, mode: mode)
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
    ) throws {
        do {
            let file = try open(path, mode: .writing)
            let size = try file.size()
            if offset > size && !allowsExtending {
                throw FileError(
                    .invalidArgument, operation: "patch", subject: path.description,
                    reason: "offset \(offset) is beyond the end of the file (\(size) bytes)")
            }
            try file.write(Array(bytes), at: offset)
            try file.synchronize()
        } catch var error as FileError {
            error.operation = "patch"
            throw error
        }
    }
}
