import FolioSandbox
import FolioSystem
import Foundation

extension Files {
    /// Replaces the file at `path` with `bytes`, atomically, only if it is still at `version`:
    /// a save that never overwrites a change it has not seen.
    ///
    /// See ``replace(_:ifUnchangedSince:_:)`` for the guarantee.
    /// - Returns: the version of the new contents (the basis for the next save).
    /// - Throws: ``FileError`` `.conflict` when the file changed or disappeared since `version`
    ///   (nothing is written), or another ``FileError``.
    @discardableResult
    public func replace<Bytes: DataProtocol>(
        _ path: SandboxPath,
        ifUnchangedSince version: FileVersion,
        with bytes: Bytes
    ) throws(FileError) -> FileVersion {
        do {
            return try replace(path, ifUnchangedSince: version) { file throws(FileError) in
                try file.write(bytes)
            }
        } catch {
            // Only file errors: the contents are written by Folio, and system errors are translated.
            throw failure(error, "replace", path)
        }
    }

    /// Replaces the file at `path` with what `produce` writes, atomically, only if it is still at
    /// `version`.
    ///
    /// The new contents are written and flushed under a hidden name, then swapped with the file in
    /// one `renameat2(RENAME_EXCHANGE)`, and only then is the file that was swapped out compared
    /// with `version`. If it matches, it is removed and the save is done. If it does not — another
    /// program wrote or replaced the file at any moment before the swap — the two are swapped back,
    /// the new contents are discarded, and the call fails with `.conflict`. So there is no window
    /// between the check and the rename in which a change can slip in and be overwritten.
    ///
    /// What is guaranteed, precisely:
    /// - Folio's conditional writers to one directory run one at a time: each holds an exclusive
    ///   `flock` on the directory. Of two saves based on the same version, exactly one succeeds.
    /// - A change by any other program that replaces the file (rename over it, delete and
    ///   re-create) or writes it in place is detected when it happened before the swap; one after
    ///   the swap simply comes after this save. While the swap is undone, a reader may briefly see
    ///   the new contents of a save that then fails.
    /// - Nothing is lost: should another program replace the file in the instant between the swap
    ///   and the swap back, the file that ends up under the hidden name is kept beside the original
    ///   as `name (conflict).ext` rather than removed.
    /// - Not detected: a program that keeps the old file open and writes to it after the swap
    ///   writes to the file this save removes (true of every atomic save).
    /// - On a filesystem without `RENAME_EXCHANGE`, the check and a plain `rename` happen
    ///   back to back under the lock: exact among Folio's writers, best effort against others.
    ///
    /// The new file keeps the old one's permissions. Do not call this while holding
    /// ``withLock(on:_:)`` on the same directory (the lock is not reentrant).
    /// - Returns: the version of the new contents.
    /// - Throws: ``FileError`` `.conflict` (nothing written), `.notSupported` for something that is
    ///   not a regular file, or whatever `produce` throws.
    @discardableResult
    public func replace(
        _ path: SandboxPath,
        ifUnchangedSince version: FileVersion,
        _ produce: (OpenFile) throws -> Void
    ) throws -> FileVersion {
        try replace(path, ifUnchangedSince: version, hooks: ReplaceHooks(), produce)
    }

    /// ``replace(_:ifUnchangedSince:_:)`` with hooks that run inside its windows, so tests can
    /// change the file at exactly those moments.
    package func replace(
        _ path: SandboxPath,
        ifUnchangedSince version: FileVersion,
        hooks: ReplaceHooks,
        _ produce: (OpenFile) throws -> Void
    ) throws -> FileVersion {
        let operation = "replace"
        let entry = try container.entry(path, operation: operation)
        let directory = entry.directory
        let name = entry.name
        let names = try container.temporaryNames(for: entry, operation: operation)
        do {
            let lock = try directory.open(".", flags: [.directory])
            return try lock.withLock(.exclusive) {
                let current = try currentStatus(of: name, in: directory, path: path, expected: version)
                let (file, claim) = try directory.createHiddenFile(
                    beside: name, names: names, mode: current.permissions
                ) {
                    try produce(OpenFile(descriptor: $0, path: path, mode: .writing))
                }
                // Until the hidden name is gone, a writer killed here leaves it to recovery.
                let temporary = claim.name
                let written = FileVersion(try file.status())
                do {
                    try hooks.beforeExchange?()
                    try directory.rename(temporary, to: name, in: directory, mode: .exchange)
                } catch let error as SystemError
                    where [.invalidArgument, .notSupported, .noSystemCall].contains(error.errno)
                {
                    // No RENAME_EXCHANGE here: check again and rename, under the lock.
                    do {
                        _ = try currentStatus(of: name, in: directory, path: path, expected: version)
                        try directory.rename(temporary, to: name, in: directory, mode: .replace)
                        claim.release()
                    } catch {
                        directory.removeTemporary(claim)
                        throw error
                    }
                    try directory.syncDirectory()
                    return written
                } catch {
                    directory.removeTemporary(claim)
                    if let error = error as? SystemError, error.errno == .noSuchFile {
                        throw conflict(path, since: version, now: nil)
                    }
                    throw error
                }
                InterruptionPoint.contentsExchanged.reach()
                // Whatever fails from here on, the hidden name stays recorded for recovery.
                defer { claim.keepForRecovery() }
                try hooks.afterExchange?()
                let displaced = FileVersion(try directory.status(of: temporary))
                if displaced == version {
                    try directory.unlink(temporary)
                    claim.release()
                    try directory.syncDirectory()
                    return written
                }
                // The file changed before the swap: put it back and drop the new contents.
                try directory.rename(temporary, to: name, in: directory, mode: .exchange)
                let kept = try keepUnless(written, named: temporary, beside: name, in: directory)
                claim.release()
                try directory.syncDirectory()
                throw conflict(path, since: version, now: displaced, keptAs: kept)
            }
        } catch let error as SystemError {
            throw failure(error, operation, path)
        }
    }

    /// The status of `name`, checked against `expected`.
    private func currentStatus(
        of name: String,
        in directory: FileDescriptor,
        path: SandboxPath,
        expected: FileVersion
    ) throws -> FileStatus {
        let status: FileStatus
        do {
            status = try directory.status(of: name)
        } catch  where error.errno == .noSuchFile {
            throw conflict(path, since: expected, now: nil)
        }
        guard status.kind == .regular else {
            throw FileError(
                .notSupported, operation: "replace", subject: path.description,
                reason: "only a regular file can be replaced conditionally")
        }
        let current = FileVersion(status)
        if current != expected {
            throw conflict(path, since: expected, now: current)
        }
        return status
    }

    /// Removes the hidden file `temporary` when it is the one this save wrote; otherwise (another
    /// program replaced the file between the swap and the swap back) gives it a visible name.
    /// - Returns: the name it was kept under, if any.
    private func keepUnless(
        _ written: FileVersion,
        named temporary: String,
        beside name: String,
        in directory: FileDescriptor
    ) throws(SystemError) -> String? {
        let leftover = FileVersion(try directory.status(of: temporary))
        if leftover.inode == written.inode && leftover.device == written.device {
            try directory.unlink(temporary)
            return nil
        }
        let (stem, fileExtension) = FileName.split(name)
        let base = stem + " (conflict)" + (fileExtension.isEmpty ? "" : "." + fileExtension)
        let kept = try claimFirstFreeName(of: FileName.numberedVariants(of: base, limit: 1000)) {
            candidate throws(SystemError) in
            try directory.rename(temporary, to: candidate, in: directory, mode: .noReplace)
        }
        return kept ?? temporary
    }

    private func conflict(
        _ path: SandboxPath,
        since version: FileVersion,
        now current: FileVersion?,
        keptAs kept: String? = nil
    ) -> FileError {
        var reason =
            current.map { "it changed since version \(version) (it is now \($0))" }
            ?? "it was removed or renamed since version \(version)"
        if let kept {
            reason += "; a file that replaced it meanwhile was kept as \(kept)"
        }
        return FileError(.conflict, operation: "replace", subject: path.description, reason: reason)
    }
}

/// Code run inside the windows of a conditional replace (for tests).
package struct ReplaceHooks {
    /// Runs after the version check and before the swap.
    package var beforeExchange: (() throws -> Void)?
    /// Runs right after the swap, before the swapped-out file is compared.
    package var afterExchange: (() throws -> Void)?

    /// Hooks for the windows of a conditional replace.
    package init(beforeExchange: (() throws -> Void)? = nil, afterExchange: (() throws -> Void)? = nil) {
        self.beforeExchange = beforeExchange
        self.afterExchange = afterExchange
    }
}
