import Synchronization

/// What creating a file does when its name is already taken.
package enum ExistingFilePolicy: Sendable {
    /// Replace the old file atomically: readers see either the old or the new contents.
    case replace
    /// Fail with `.fileExists` and leave the old file untouched.
    case fail
}

/// A file being written that has no name yet: it appears under its name, whole, only on
/// ``commit()``, and vanishes without a trace if abandoned.
///
/// The contents go to an unnamed file (`O_TMPFILE`) or, where the filesystem has none, a hidden
/// temporary name. ``commit()`` flushes the file with `fsync`, gives it its name (`linkat` when it
/// must not replace anything; a link under a hidden name and `renameat2` otherwise) and flushes
/// the directory so the name survives a crash. Writing can be spread over time (chunks of an HTTP
/// upload), which a closure-based API cannot do.
///
/// Every hidden name is claimed from ``TemporaryNames`` first, so a writer killed while the file
/// has one leaves a leftover that recovery finds and removes.
package final class PendingFile: Sendable {
    /// Where to write the contents.
    package let descriptor: FileDescriptor
    private let directory: FileDescriptor
    private let names: TemporaryNames
    private let name: String
    private let existing: ExistingFilePolicy
    private let durable: Bool
    /// The hidden name used when the filesystem has no unnamed files.
    private let temporary: TemporaryClaim?
    private let finished = Atomic(false)

    /// Starts a file `name` in `directory` with permissions exactly `mode`, whatever the umask.
    ///
    /// - Parameter names: where hidden names come from (the directory's, in the writer's journal).
    package init(
        named name: String,
        in directory: FileDescriptor,
        names: TemporaryNames,
        mode: UInt32 = 0o600,
        existing: ExistingFilePolicy,
        durable: Bool = true
    ) throws(SystemError) {
        self.directory = directory
        self.names = names
        self.name = name
        self.existing = existing
        self.durable = durable
        if let unnamed = try PendingFile.openUnnamed(in: directory, mode: mode) {
            descriptor = unnamed
            temporary = nil
        } else {
            (descriptor, temporary) = try PendingFile.openTemporary(for: name, in: directory, names: names, mode: mode)
        }
        do {
            try descriptor.setPermissions(mode)
        } catch {
            abandon()
            throw error
        }
    }

    deinit {
        abandon()
    }

    /// Flushes the contents and gives the file its name.
    ///
    /// - Returns: whether a file of that name was replaced (false when the name was free).
    /// - Throws: ``SystemError`` `.fileExists` when the policy is `.fail` and the name is taken
    ///   (even by a file that appeared while this one was written); the pending file is then abandoned.
    @discardableResult
    package func commit() throws(SystemError) -> Bool {
        guard !finished.exchange(true, ordering: .acquiringAndReleasing) else {
            throw SystemError(.invalidArgument, call: "commit", path: name)
        }
        do {
            if durable { try descriptor.sync() }
            let replaced = try install()
            if durable { try directory.syncDirectory() }
            return replaced
        } catch {
            if let temporary { directory.removeTemporary(temporary) }
            throw error
        }
    }

    /// Flushes the contents and gives the file the first of `candidates` that is free, never
    /// replacing anything: each name is tried with one `linkat` (or `renameat2(RENAME_NOREPLACE)`
    /// for a named temporary file), which the kernel refuses for a taken name however recently it
    /// was taken, so two writers never get the same name.
    ///
    /// - Returns: the name the file was given.
    /// - Throws: ``SystemError`` `.fileExists` when every candidate is taken; the pending file is
    ///   then abandoned.
    package func commit<Candidates: Sequence<String>>(firstFreeOf candidates: Candidates) throws(SystemError) -> String
    {
        guard !finished.exchange(true, ordering: .acquiringAndReleasing) else {
            throw SystemError(.invalidArgument, call: "commit", path: name)
        }
        do throws(SystemError) {
            if durable { try descriptor.sync() }
            let chosen = try claimFirstFreeName(of: candidates) { candidate throws(SystemError) in
                if let temporary {
                    try directory.rename(temporary.name, to: candidate, in: directory, mode: .noReplace)
                } else {
                    try descriptor.linkUnnamed(as: candidate, in: directory)
                }
            }
            guard let chosen else {
                throw SystemError(.fileExists, call: "linkat", path: name)
            }
            temporary?.release()
            if durable { try directory.syncDirectory() }
            return chosen
        } catch {
            if let temporary { directory.removeTemporary(temporary) }
            throw error
        }
    }

    /// Names the file: a free name is taken in one step (`linkat`, or `renameat2(RENAME_NOREPLACE)`),
    /// and only a taken one, under the `.replace` policy, is replaced atomically.
    /// - Returns: whether an existing file was replaced.
    private func install() throws(SystemError) -> Bool {
        do {
            if let temporary {
                try directory.rename(temporary.name, to: name, in: directory, mode: .noReplace)
                temporary.release()
            } else {
                try descriptor.linkUnnamed(as: name, in: directory)
            }
            return false
        } catch  where error.errno == .fileExists && existing == .replace {
            // Taken: replace it below, in one rename.
        }
        if let temporary {
            try directory.rename(temporary.name, to: name, in: directory, mode: .replace)
            temporary.release()
            return true
        }
        let linked = try linkToTemporaryName()
        InterruptionPoint.temporaryFileLinked.reach()
        do {
            try directory.rename(linked.name, to: name, in: directory, mode: .replace)
            linked.release()
        } catch {
            directory.removeTemporary(linked)
            throw error
        }
        return true
    }

    /// Gives up the file: an unnamed one disappears when closed, a named temporary one is removed.
    package func abandon() {
        guard !finished.exchange(true, ordering: .acquiringAndReleasing) else { return }
        if let temporary {
            directory.removeTemporary(temporary)
        }
    }

    private func linkToTemporaryName() throws(SystemError) -> TemporaryClaim {
        var attempts = 0
        while true {
            let temporary = try names.claim(beside: name)
            do {
                try descriptor.linkUnnamed(as: temporary.name, in: directory)
                return temporary
            } catch  where error.errno == .fileExists && attempts < 100 {
                attempts += 1
            }
        }
    }

    /// An unnamed file in `directory` (`O_TMPFILE`), or nil when the filesystem has none.
    private static func openUnnamed(in directory: FileDescriptor, mode: UInt32) throws(SystemError) -> FileDescriptor? {
        do {
            return try directory.open(".", flags: [.readWrite, .unnamedTemporary], mode: mode)
        } catch {
            switch error.errno {
            case .notSupported, .isDirectory, .invalidArgument: return nil
            default: throw error
            }
        }
    }

    private static func openTemporary(
        for name: String,
        in directory: FileDescriptor,
        names: TemporaryNames,
        mode: UInt32
    ) throws(SystemError) -> (FileDescriptor, TemporaryClaim) {
        var attempts = 0
        while true {
            let temporary = try names.claim(beside: name)
            do {
                let file = try directory.open(
                    temporary.name, flags: [.readWrite, .create, .exclusive, .noFollow], mode: mode)
                return (file, temporary)
            } catch  where error.errno == .fileExists && attempts < 100 {
                attempts += 1
            }
        }
    }
}

extension FileDescriptor {
    /// Removes the temporary file or link `claim` names from this directory and releases the
    /// claim; when it cannot be removed, leaves it to recovery rather than forget it.
    package func removeTemporary(_ claim: TemporaryClaim) {
        do {
            try unlink(claim.name)
            claim.release()
        } catch  where error.errno == .noSuchFile {
            claim.release()
        } catch {
            claim.keepForRecovery()
        }
    }
}
