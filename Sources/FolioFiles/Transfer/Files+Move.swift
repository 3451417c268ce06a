import FolioSandbox
import FolioSystem

extension Files {
    /// Moves or renames the item at `source` to `destination` (the `moveItem(atPath:toPath:)` role).
    ///
    /// The move is one `renameat2` call: atomic, and without `replacing` it never overwrites —
    /// `RENAME_NOREPLACE` makes the kernel refuse an existing destination even if it appeared a
    /// moment earlier (Foundation's check-then-rename would overwrite it).
    /// - Parameters:
    ///   - replacing: replace an existing destination atomically (a directory only if it is empty).
    /// - Throws: ``FileError``: `.alreadyExists`, `.notFound`, `.readOnly` (bundle),
    ///   `.invalidArgument` when moving a directory into itself.
    public func move(_ source: SandboxPath, to destination: SandboxPath, replacing: Bool = false) throws(FileError) {
        let operation = "move"
        if source == destination {
            return
        }
        if source.contains(destination) {
            throw FileError(
                .invalidArgument, operation: operation, subject: source.description,
                reason: "cannot move a directory into itself (\(destination))")
        }
        let (from, to) = try container.entries(source, destination, operation: operation)
        do {
            try from.directory.rename(from.name, to: to.name, in: to.directory, mode: replacing ? .replace : .noReplace)
        } catch  where error.errno == .fileExists || (error.errno == .directoryNotEmpty && replacing) {
            throw FileError(
                error.errno == .fileExists ? .alreadyExists : .directoryNotEmpty, operation: operation,
                subject: source.description,
                reason: error.errno == .fileExists
                    ? "\(destination) already exists" : "\(destination) is a directory that is not empty",
                errno: error.errno.rawValue)
        } catch  where error.errno == .invalidArgument {
            throw FileError(
                .invalidArgument, operation: operation, subject: source.description,
                reason: "cannot move a directory into itself (\(destination))", errno: error.errno.rawValue)
        } catch  where error.errno == .crossDevice {
            // Another filesystem is mounted inside the container: copy, then remove the original.
            try copy(
                source, to: destination,
                options: CopyOptions(isRecursive: true, preservesAttributes: true, replacing: replacing))
            try remove(source, recursive: true)
        } catch {
            throw failure(error, operation, source)
        }
    }

    /// Moves the item at `source` to `destination` or, when that name is taken, to the first free
    /// name of `stem 2.ext`, `stem 3.ext`, … in the same directory: a move that never replaces
    /// anything and never fails for a taken name (restoring from a trash, keeping a copy).
    ///
    /// Each name is tried with one `renameat2(RENAME_NOREPLACE)`, which the kernel refuses for a
    /// taken name however recently it was taken.
    /// - Returns: where the item is now.
    /// - Throws: ``FileError``: `.notFound`, `.readOnly`, `.alreadyExists` when 100,000 names are
    ///   taken, `.outsideContainer` for a destination on another filesystem.
    /// - Complexity: one system call per name tried.
    @discardableResult
    public func move(_ source: SandboxPath, toFreeNameAt destination: SandboxPath) throws(FileError) -> SandboxPath {
        let operation = "move"
        let (from, to) = try container.entries(source, destination, operation: operation)
        let claimed: String?
        do {
            claimed = try claimFirstFreeName(of: FileName.numberedVariants(of: to.name)) { name throws(SystemError) in
                try from.directory.rename(from.name, to: name, in: to.directory, mode: .noReplace)
            }
        } catch {
            throw failure(error, operation, source)
        }
        guard let claimed, let parent = destination.parent else {
            throw FileError(
                .alreadyExists, operation: operation, subject: source.description,
                reason: "every numbered variant of \(destination) is taken")
        }
        return try parent.appending(claimed)
    }

    /// Where an item moved or copied "to" `target` ends up: inside `target` when it is an existing
    /// directory (as `mv` and `cp` do), otherwise `target` itself.
    public func destination(for source: SandboxPath, at target: SandboxPath) throws(FileError) -> SandboxPath {
        guard let name = source.name else { return target }
        let descriptor: FileDescriptor
        do {
            descriptor = try container.open(target, flags: [.pathOnly], operation: "check")
        } catch  where error.code == .notFound {
            return target
        }
        let status: FileStatus
        do {
            status = try descriptor.status()
        } catch {
            throw failure(error, "check", target)
        }
        return status.kind == .directory ? try target.appending(name) : target
    }
}
