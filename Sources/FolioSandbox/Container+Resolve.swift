import FolioSystem

/// A directory resolved inside a container, and a name in it: what every operation that creates,
/// renames or removes an entry works on.
package struct ResolvedEntry: Sendable {
    /// The directory that holds (or will hold) the entry, opened `O_PATH`.
    package let directory: FileDescriptor
    /// The entry's name in that directory.
    package let name: String
    /// The container path of the entry.
    package let path: SandboxPath
}

extension Container {
    /// Opens `path` inside the container.
    ///
    /// Every intermediate symbolic link is followed as long as it stays inside the container (or,
    /// for the bundle, inside the bundle); one leading outside is refused. A path that
    /// ``SandboxPath/refusesSymbolicLinks`` follows none at all.
    /// - Parameters:
    ///   - flags: how to open it; writes into the bundle are refused.
    ///   - mode: the permission bits when `.create` makes a new file.
    ///   - followSymbolicLinks: follow a link in the last component (inside the container only);
    ///     when false, a link there is opened itself with `.pathOnly`, or refused otherwise.
    ///   - operation: the operation to name in errors.
    /// - Throws: ``FileError``.
    package func open(
        _ path: SandboxPath,
        flags: OpenFlags,
        mode: UInt32 = 0o600,
        followSymbolicLinks: Bool = true,
        operation: String
    ) throws(FileError) -> FileDescriptor {
        let writes = !flags.isDisjoint(with: [.writeOnly, .readWrite, .create, .truncate, .append])
        if writes {
            try requireWritable(path, operation: operation)
        }
        let (base, relative) = base(of: path)
        let flags = followSymbolicLinks ? flags : flags.union(.noFollow)
        if relative.isEmpty {
            // The area's directory itself (never a link: it was opened following links, once).
            do {
                return flags.contains(.pathOnly)
                    ? try base.duplicate() : try base.reopen(flags: flags.subtracting(.noFollow))
            } catch {
                throw FileError(error, operation: operation, subject: path.description)
            }
        }
        do {
            switch resolution {
            case .kernel:
                return try openBeneath(
                    base, relative, flags: flags, mode: mode,
                    resolve: path.refusesSymbolicLinks ? ResolveFlags.confined.union(.noSymbolicLinks) : .confined)
            case .componentWise:
                return try ComponentResolver(base: base, followsLinks: !path.refusesSymbolicLinks).open(
                    relative, flags: flags, mode: mode, followFinal: followSymbolicLinks)
            }
        } catch {
            throw FileError(error, operation: operation, subject: path.description)
        }
    }

    /// Opens the directory at `path` for reading its entries.
    package func openDirectory(_ path: SandboxPath, operation: String) throws(FileError) -> FileDescriptor {
        try open(path, flags: [.directory], operation: operation)
    }

    /// Resolves the directory that holds `path` and the entry's name, for operations that create,
    /// rename or remove that entry (`mkdirat`, `unlinkat`, `renameat2`, …).
    ///
    /// - Parameter forWriting: refuse the bundle and the container's own layout directories.
    /// - Throws: ``FileError`` `.readOnly` for the bundle or an area itself, or a resolution error.
    package func entry(
        _ path: SandboxPath,
        forWriting: Bool = true,
        operation: String
    ) throws(FileError) -> ResolvedEntry {
        if forWriting {
            try requireWritable(path, operation: operation)
        }
        guard let parent = path.parent, let name = path.name else {
            throw FileError(
                .readOnly, operation: operation, subject: path.description,
                reason: "\(path.area == .home ? "the Home" : path.description) is part of the container layout")
        }
        let directory = try open(parent, flags: [.pathOnly, .directory], operation: operation)
        return ResolvedEntry(directory: directory, name: name, path: path)
    }

    /// The entries of a two-path operation (a rename, a move): when both paths are in the same
    /// directory, that directory is opened once and shared.
    package func entries(
        _ first: SandboxPath, _ second: SandboxPath, operation: String
    ) throws(FileError) -> (ResolvedEntry, ResolvedEntry) {
        let one = try entry(first, operation: operation)
        guard first.parent == second.parent, let name = second.name else {
            return (one, try entry(second, operation: operation))
        }
        try requireWritable(second, operation: operation)
        return (one, ResolvedEntry(directory: one.directory, name: name, path: second))
    }

    /// Refuses changes to the bundle.
    package func requireWritable(_ path: SandboxPath, operation: String) throws(FileError) {
        if !path.area.isWritable {
            throw FileError(
                .readOnly, operation: operation, subject: path.description,
                reason: "the bundle (Folio.app) is read-only")
        }
    }

    /// The descriptor a path is resolved from, and the path relative to it.
    private func base(of path: SandboxPath) -> (FileDescriptor, String) {
        path.area == .bundle ? (bundleDescriptor, path.relativePath) : (rootDescriptor, path.relativePath)
    }

    private func openBeneath(
        _ base: FileDescriptor,
        _ relative: String,
        flags: OpenFlags,
        mode: UInt32,
        resolve: ResolveFlags
    ) throws(SystemError) -> FileDescriptor {
        // openat2 answers EAGAIN when a concurrent rename could have let `..` escape; retry.
        var attempts = 0
        while true {
            do {
                return try base.open(relative, flags: flags, mode: mode, resolve: resolve)
            } catch  where error.errno == .wouldBlock && attempts < 64 {
                attempts += 1
            }
        }
    }
}
