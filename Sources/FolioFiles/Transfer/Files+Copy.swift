import FolioSandbox
import FolioSystem

extension Files {
    /// Copies the item at `source` to `destination` (the `copyItem(atPath:toPath:)` role).
    ///
    /// A file is copied inside the kernel (`copy_file_range`, falling back to `read`/`write`) into an
    /// unnamed file that is linked into place when complete, so the destination appears whole or
    /// not at all. A directory (with `isRecursive`) is copied into a hidden staging directory beside
    /// the destination and renamed into place at the end. Symbolic links are copied as links.
    /// Without `replacing`, an existing destination fails with `.alreadyExists` and is untouched.
    /// - Parameter progress: called now and then with the items and bytes copied so far.
    /// - Returns: what was copied.
    /// - Throws: ``FileError``.
    /// - Complexity: O(n) in the items and bytes copied; memory is bounded.
    @discardableResult
    public func copy(
        _ source: SandboxPath,
        to destination: SandboxPath,
        options: CopyOptions = CopyOptions(),
        progress: ((CopyProgress) -> Void)? = nil
    ) throws(FileError) -> CopyProgress {
        try copy(
            source, to: destination, takenName: options.replacing ? .replace : .fail, options: options,
            progress: progress
        ).copied
    }

    /// Copies the item at `source` to `destination` or, when that name is taken, to the first free
    /// name of `stem 2.ext`, `stem 3.ext`, … in the same directory ("Keep Both", and Duplicate with
    /// `destination` = `source`). Nothing is ever replaced.
    ///
    /// The copy is made whole under a hidden name first; then each candidate name is claimed with
    /// one `linkat` or `renameat2(RENAME_NOREPLACE)`, which the kernel refuses for a taken name
    /// however recently it was taken, so two copies made at once get two names.
    /// `options.replacing` is ignored.
    /// - Returns: where the copy is, and what was copied.
    /// - Throws: ``FileError``, `.alreadyExists` when 100,000 names are taken.
    /// - Complexity: O(n) in the items and bytes copied, plus one system call per name tried.
    @discardableResult
    public func copy(
        _ source: SandboxPath,
        toFreeNameAt destination: SandboxPath,
        options: CopyOptions = CopyOptions(),
        progress: ((CopyProgress) -> Void)? = nil
    ) throws(FileError) -> (path: SandboxPath, copied: CopyProgress) {
        try copy(source, to: destination, takenName: .keepBoth, options: options, progress: progress)
    }

    /// What a copy does when the destination's name is taken.
    private enum TakenName {
        case fail, replace, keepBoth
    }

    private func copy(
        _ source: SandboxPath,
        to destination: SandboxPath,
        takenName: TakenName,
        options: CopyOptions,
        progress: ((CopyProgress) -> Void)?
    ) throws(FileError) -> (path: SandboxPath, copied: CopyProgress) {
        let operation = "copy"
        let input = try container.open(source, flags: [.pathOnly], followSymbolicLinks: false, operation: operation)
        let status: FileStatus
        do {
            status = try input.status(full: options.preservesAttributes)
        } catch {
            throw failure(error, operation, source)
        }
        let output = try container.entry(destination, operation: operation)
        let names = try container.temporaryNames(for: output, operation: operation)
        let existing: ExistingFilePolicy = takenName == .replace ? .replace : .fail
        let candidates = FileName.numberedVariants(of: output.name, limit: takenName == .keepBoth ? 100_000 : 1)
        /// The path of the copy named `name` in the destination's directory.
        func copied(_ name: String?, _ copied: CopyProgress) throws(FileError) -> (SandboxPath, CopyProgress) {
            guard let name, let parent = destination.parent else {
                throw FileError(
                    .alreadyExists, operation: operation, subject: source.description,
                    reason: "every numbered variant of \(destination) is taken")
            }
            return (try parent.appending(name), copied)
        }
        do {
            switch status.kind {
            case .regular:
                let readable = try input.reopen(flags: [])
                var bytes: UInt64 = 0
                let mode = options.preservesAttributes ? status.permissions : 0o600
                func fill(_ file: FileDescriptor) throws {
                    bytes = try readable.copyContents(to: file) { progress?(CopyProgress(items: 0, bytes: $0)) }
                    if options.preservesAttributes {
                        try file.preserve(status)
                    }
                }
                if takenName == .keepBoth {
                    let name = try output.directory.createFileAtomically(
                        firstFreeOf: candidates, names: names, mode: mode, fill: fill)
                    return try copied(name, CopyProgress(items: 1, bytes: bytes))
                }
                try output.directory.createFileAtomically(
                    named: output.name, names: names, mode: mode, existing: existing, fill: fill)
                return try copied(output.name, CopyProgress(items: 1, bytes: bytes))
            case .symbolicLink:
                let target = try input.readSymbolicLink("")
                if takenName == .keepBoth {
                    let name = try claimFirstFreeName(of: candidates) { name throws(SystemError) in
                        try output.directory.makeSymbolicLink(name, to: target)
                    }
                    return try copied(name, CopyProgress(items: 1, bytes: 0))
                }
                try output.directory.createSymbolicLink(
                    named: output.name, to: target, names: names, existing: existing)
                return try copied(output.name, CopyProgress(items: 1, bytes: 0))
            case .directory:
                guard options.isRecursive else {
                    throw FileError(
                        .isDirectory, operation: operation, subject: source.description,
                        reason: "it is a directory (copy it recursively to include its contents)")
                }
                // A copy that keeps both, to the source's own name, goes beside it: a duplicate.
                if source.contains(destination) && !(takenName == .keepBoth && source == destination) {
                    throw FileError(
                        .invalidArgument, operation: operation, subject: source.description,
                        reason: "cannot copy a directory into itself (\(destination))")
                }
                let (name, progress) = try copyDirectory(
                    input, status: status, source: source, to: output, names: names, options: options,
                    candidates: takenName == .keepBoth ? candidates : nil, progress: progress)
                return try copied(name, progress)
            default:
                throw FileError(
                    .notSupported, operation: operation, subject: source.description,
                    reason: "only files, directories and symbolic links can be copied")
            }
        } catch let error as SystemError {
            if error.errno == .fileExists {
                throw FileError(
                    .alreadyExists, operation: operation, subject: source.description,
                    reason: "\(destination) already exists", errno: error.errno.rawValue)
            }
            throw failure(error, operation, source)
        } catch {
            throw failure(error, operation, source)
        }
    }

    private func copyDirectory(
        _ input: FileDescriptor,
        status: FileStatus,
        source: SandboxPath,
        to output: ResolvedEntry,
        names: TemporaryNames,
        options: CopyOptions,
        candidates: NumberedNames?,
        progress: ((CopyProgress) -> Void)?
    ) throws -> (String?, CopyProgress) {
        let operation = "copy"
        if !options.replacing, candidates == nil, (try? output.directory.status(of: output.name)) != nil {
            throw FileError(
                .alreadyExists, operation: operation, subject: source.description,
                reason: "\(output.path) already exists")
        }
        let stagingClaim: TemporaryClaim
        do {
            stagingClaim = try output.directory.makeStagingDirectory(for: output.name, names: names)
        } catch {
            throw failure(error, operation, output.path)
        }
        let staging = stagingClaim.name
        var copier = TreeCopier(
            preservesAttributes: options.preservesAttributes, excludedInode: nil, progress: progress)
        var name: String? = output.name
        do throws(SystemError) {
            let stagingDescriptor = try output.directory.open(staging, flags: [.directory, .noFollow])
            let stagingStatus = try stagingDescriptor.status()
            copier = TreeCopier(
                preservesAttributes: options.preservesAttributes,
                excludedInode: (stagingStatus.device, stagingStatus.inode), progress: progress)
            let readable = try input.reopen(flags: [.directory])
            try copier.copyContents(of: readable, into: stagingDescriptor)
            if options.preservesAttributes {
                try stagingDescriptor.preserve(status)
            }
            InterruptionPoint.stagedDirectoryFilled.reach()
            if let candidates {
                name = try claimFirstFreeName(of: candidates) { name throws(SystemError) in
                    try output.directory.rename(staging, to: name, in: output.directory, mode: .noReplace)
                }
                guard name != nil else { throw SystemError(.fileExists, call: "renameat2", path: output.name) }
            } else {
                try output.directory.install(staging, as: output.name, replacing: options.replacing)
            }
            stagingClaim.release()
        } catch {
            output.directory.removeTemporaryTree(stagingClaim)
            if error.errno == .fileExists {
                throw FileError(
                    .alreadyExists, operation: operation, subject: source.description,
                    reason: "\(output.path) already exists", errno: error.errno.rawValue)
            }
            let subject = copier.failedPath.isEmpty ? source.description : "\(source)/\(copier.failedPath)"
            throw FileError(error, operation: operation, subject: subject)
        }
        return (name, CopyProgress(items: copier.copied.items + 1, bytes: copier.copied.bytes))
    }
}

extension FileDescriptor {
    /// Creates a symbolic link `name` → `target`, replacing an existing item atomically when asked.
    func createSymbolicLink(
        named name: String,
        to target: String,
        names: TemporaryNames,
        existing: ExistingFilePolicy
    ) throws {
        switch existing {
        case .fail:
            try makeSymbolicLink(name, to: target)
        case .replace:
            let temporary = try names.claim(beside: name)
            try makeSymbolicLink(temporary.name, to: target)
            do {
                try rename(temporary.name, to: name, in: self, mode: .replace)
                temporary.release()
            } catch {
                removeTemporary(temporary)
                throw error
            }
        }
    }

    /// Makes a hidden, private directory beside `name` to build a copy in, claimed (to be
    /// discarded should the writer die) from `names`.
    func makeStagingDirectory(for name: String, names: TemporaryNames) throws(SystemError) -> TemporaryClaim {
        var attempts = 0
        while true {
            let staging = try names.claim(beside: name)
            do {
                try makeDirectory(staging.name, mode: 0o700)
                try open(staging.name, flags: [.directory, .noFollow]).setPermissions(0o700)
                return staging
            } catch  where error.errno == .fileExists && attempts < 100 {
                attempts += 1
            } catch {
                removeTemporaryTree(staging)
                throw error
            }
        }
    }

    /// Removes the temporary directory (or file) `claim` names and everything in it, and releases
    /// the claim; what cannot be removed is left to recovery rather than forgotten.
    func removeTemporaryTree(_ claim: TemporaryClaim) {
        var remover = TreeRemover(progress: nil)
        do {
            try remover.removeTree(named: claim.name, in: self)
            claim.release()
        } catch {
            claim.keepForRecovery()
        }
    }

    /// Renames the finished `staging` directory to `name`: without `replacing` only if `name` is
    /// free; with it, swapping it for the old item atomically and then removing the old one.
    func install(_ staging: String, as name: String, replacing: Bool) throws(SystemError) {
        guard replacing else {
            try rename(staging, to: name, in: self, mode: .noReplace)
            return
        }
        do {
            try rename(staging, to: name, in: self, mode: .exchange)
        } catch  where error.errno == .noSuchFile {
            try rename(staging, to: name, in: self, mode: .noReplace)
            return
        }
        // `staging` now holds the old item.
        if try status(of: staging).kind == .directory {
            var remover = TreeRemover(progress: nil)
            try remover.removeTree(named: staging, in: self)
        } else {
            try unlink(staging)
        }
    }
}
