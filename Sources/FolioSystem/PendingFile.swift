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
/// must not replace anything, `renameat2` otherwise) and flushes the directory so the name
/// survives a crash. Writing can be spread over time (chunks of an HTTP upload), which a
/// closure-based API cannot do.
package final class PendingFile: Sendable {
    /// Where to write the contents.
    package let descriptor: FileDescriptor
    private let directory: FileDescriptor
    private let name: String
    private let existing: ExistingFilePolicy
    private let durable: Bool
    /// The hidden name used when the filesystem has no unnamed files.
    private let temporaryName: String?
    private let finished = Atomic(false)

    /// Starts a file `name` in `directory` with permissions exactly `mode`, whatever the umask.
    package init(
        named name: String,
        in directory: FileDescriptor,
        mode: UInt32 = 0o600,
        existing: ExistingFilePolicy,
        durable: Bool = true
    ) throws(SystemError) {
        self.directory = directory
        self.name = name
        self.existing = existing
        self.durable = durable
        if let unnamed = try PendingFile.openUnnamed(in: directory, mode: mode) {
            descriptor = unnamed
            temporaryName = nil
        } else {
            (descriptor, temporaryName) = try PendingFile.openTemporary(for: name, in: directory, mode: mode)
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
    /// - Throws: ``SystemError`` `.fileExists` when the policy is `.fail` and the name is taken
    ///   (even by a file that appeared while this one was written); the pending file is then abandoned.
    package func commit() throws(SystemError) {
        guard !finished.exchange(true, ordering: .acquiringAndReleasing) else {
            throw SystemError(.invalidArgument, call: "commit", path: name)
        }
        do {
            if durable { try descriptor.sync() }
            try install()
            if durable { try directory.syncDirectory() }
        } catch {
            if let temporaryName { try? directory.unlink(temporaryName) }
            throw error
        }
    }

    private func install() throws(SystemError) {
        if let temporaryName {
            try directory.rename(
                temporaryName, to: name, in: directory, mode: existing == .fail ? .noReplace : .replace)
            return
        }
        switch existing {
        case .fail:
            try descriptor.linkUnnamed(as: name, in: directory)
        case .replace:
            let linked = try linkToTemporaryName()
            do {
                try directory.rename(linked, to: name, in: directory, mode: .replace)
            } catch {
                try? directory.unlink(linked)
                throw error
            }
        }
    }

    /// Gives up the file: an unnamed one disappears when closed, a named temporary one is removed.
    package func abandon() {
        guard !finished.exchange(true, ordering: .acquiringAndReleasing) else { return }
        if let temporaryName {
            try? directory.unlink(temporaryName)
        }
    }

    private func linkToTemporaryName() throws(SystemError) -> String {
        var attempts = 0
        while true {
            let temporary = FileDescriptor.temporaryName(for: name)
            do {
                try descriptor.linkUnnamed(as: temporary, in: directory)
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

    private static func openTemporary(for name: String, in directory: FileDescriptor, mode: UInt32)
        throws(SystemError) -> (FileDescriptor, String)
    {
        var attempts = 0
        while true {
            let temporary = FileDescriptor.temporaryName(for: name)
            do {
                let file = try directory.open(
                    temporary, flags: [.readWrite, .create, .exclusive, .noFollow], mode: mode)
                return (file, temporary)
            } catch  where error.errno == .fileExists && attempts < 100 {
                attempts += 1
            }
        }
    }
}
