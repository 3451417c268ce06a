import FolioSandbox
import FolioSystem
import Foundation

extension Files {
    /// Creates a directory (the `createDirectory(atPath:withIntermediateDirectories:)` role).
    ///
    /// - Parameters:
    ///   - withIntermediateDirectories: create missing parents too, and succeed when the directory
    ///     already exists; otherwise an existing item is `.alreadyExists`.
    ///   - permissions: the new directories' permission bits (0700 unless given), whatever the umask.
    /// - Throws: ``FileError``.
    public func createDirectory(
        at path: SandboxPath,
        withIntermediateDirectories: Bool = false,
        permissions: UInt32 = 0o700
    ) throws(FileError) {
        if withIntermediateDirectories {
            try container.makeDirectories(path, mode: permissions, operation: "create directory")
        } else {
            try container.makeDirectory(path, mode: permissions, operation: "create directory")
        }
    }

    /// Writes `bytes` to the file at `path`, atomically unless the options say otherwise.
    ///
    /// - Returns: the path written: `path`, or the numbered name taken when ``WriteOptions/keepsBoth``.
    /// - Throws: ``FileError``; on failure the old file (if any) is unchanged and no partial file remains.
    @discardableResult
    public func write<Bytes: DataProtocol>(_ bytes: Bytes, to path: SandboxPath, options: WriteOptions = WriteOptions())
        throws(FileError) -> SandboxPath
    {
        let writer = try makeWriter(to: path, options: options)
        do {
            try writer.openFile.write(bytes)
        } catch {
            writer.cancel()
            throw error
        }
        return try writer.commit()
    }

    /// Writes `text` as UTF-8 to the file at `path`.
    /// - Returns: the path written (see ``write(_:to:options:)-(Bytes,_,_)``).
    @discardableResult
    public func write(_ text: String, to path: SandboxPath, options: WriteOptions = WriteOptions()) throws(FileError)
        -> SandboxPath
    {
        try write(Array(text.utf8), to: path, options: options)
    }

    /// Writes a file whose contents `produce` streams into the ``OpenFile`` it is given, so any size
    /// can be written with bounded memory.
    ///
    /// With `isAtomic` (the default) the contents go to an unnamed file that appears under its name
    /// only once complete and flushed; if `produce` throws, nothing changes. With `isExclusive`, a
    /// name that is taken — even one created while `produce` runs — fails with `.alreadyExists`. A
    /// symbolic link at `path` is written through to its target inside the container (one leading
    /// outside is refused). With `keepsBoth`, a taken name — even one taken while `produce` runs —
    /// makes the file take the first free numbered name instead.
    /// - Returns: the path written.
    /// - Throws: ``FileError``, or whatever `produce` throws.
    @discardableResult
    public func write(
        to path: SandboxPath,
        options: WriteOptions = WriteOptions(),
        _ produce: (OpenFile) throws -> Void
    ) throws -> SandboxPath {
        let writer = try makeWriter(to: path, options: options)
        do {
            try produce(writer.openFile)
        } catch {
            writer.cancel()
            throw error
        }
        return try writer.commit()
    }

    /// Starts writing the file at `path` in pieces: see ``FileWriter``.
    ///
    /// - Throws: ``FileError`` when the file cannot be started (a missing directory, the bundle, an
    ///   exclusive write to a name that is taken).
    public func makeWriter(to path: SandboxPath, options: WriteOptions = WriteOptions()) throws(FileError) -> FileWriter
    {
        let operation = "write"
        // The parents first: resolving links needs the directory the file goes in.
        if options.createsIntermediateDirectories, let parent = path.parent {
            try container.makeDirectories(parent, operation: operation)
        }
        if options.keepsBoth && !options.isAtomic {
            throw FileError(
                .invalidArgument, operation: operation, subject: path.description,
                reason: "keeping both needs an atomic write")
        }
        // Write through a link to its target inside the container rather than replace the link.
        let isExclusive = options.isExclusive || options.keepsBoth
        let path = isExclusive ? path : try container.resolvingSymbolicLinks(path, operation: operation)
        let entry = try container.entry(path, operation: operation)
        var mode = options.permissions ?? 0o600
        if options.permissions == nil && !isExclusive,
            let existing = try? entry.directory.status(of: entry.name), existing.kind == .regular
        {
            mode = existing.permissions
        }
        let names = options.isAtomic ? try container.temporaryNames(for: entry, operation: operation) : nil
        do throws(SystemError) {
            if let names, options.keepsBoth {
                let pending = try PendingFile(
                    named: entry.name, in: entry.directory, names: names, mode: mode, existing: .fail)
                return FileWriter(path: path, pending: pending, candidates: FileName.numberedVariants(of: entry.name))
            }
            if let names {
                if options.isExclusive, (try? entry.directory.status(of: entry.name)) != nil {
                    throw SystemError(.fileExists, call: "write", path: entry.name)
                }
                let pending = try PendingFile(
                    named: entry.name, in: entry.directory, names: names, mode: mode,
                    existing: options.isExclusive ? .fail : .replace)
                return FileWriter(path: path, pending: pending)
            }
            let descriptor = try Files.openInPlace(
                entry, mode: mode, exclusive: options.isExclusive, setsMode: options.permissions != nil)
            return FileWriter(path: path, inPlace: descriptor)
        } catch {
            if error.errno == .fileExists {
                throw FileError(
                    .alreadyExists, operation: operation, subject: path.description, reason: "\(path) already exists",
                    errno: error.errno.rawValue)
            }
            throw failure(error, operation, path)
        }
    }

    /// The contents of the file at `path`.
    ///
    /// - Parameter limit: the largest size accepted, to keep memory bounded (`.tooLarge` beyond it).
    /// - Throws: ``FileError``.
    public func contents(of path: SandboxPath, limit: Int = 1 << 30) throws(FileError) -> Data {
        let file = try open(path, mode: .reading)
        return try file.readToEnd(limit: limit)
    }

    /// Opens a file for a non-atomic write: a new file gets exactly `mode` whatever the umask; an
    /// existing one is truncated and keeps its mode unless `setsMode`.
    private static func openInPlace(_ entry: ResolvedEntry, mode: UInt32, exclusive: Bool, setsMode: Bool)
        throws(SystemError) -> FileDescriptor
    {
        do {
            let created = try entry.directory.open(
                entry.name, flags: [.writeOnly, .create, .exclusive, .noFollow], mode: mode)
            try created.setPermissions(mode)
            return created
        } catch  where error.errno == .fileExists && !exclusive {
            let existing = try entry.directory.open(entry.name, flags: [.writeOnly, .truncate, .noFollow])
            if setsMode {
                try existing.setPermissions(mode)
            }
            return existing
        }
    }
}
