import Glibc

/// What creating a file does when its name is already taken.
package enum ExistingFilePolicy: Sendable {
    /// Replace the old file atomically: readers see either the old or the new contents.
    case replace
    /// Fail with `.fileExists` and leave the old file untouched.
    case fail
}

extension FileDescriptor {
    /// Creates the file `name` in this directory so that it appears whole or not at all.
    ///
    /// The contents are written by `fill` into an unnamed file (`O_TMPFILE`) or, where the
    /// filesystem has none, a hidden temporary name; the file is flushed with `fsync`, given its
    /// name (`linkat` when it must not replace anything, `renameat2` otherwise), and the directory
    /// is flushed so the name survives a crash. Permissions are set to exactly `mode`, whatever
    /// the umask.
    ///
    /// - Parameters:
    ///   - name: the final name in this directory.
    ///   - mode: the permission bits of the new file.
    ///   - existing: whether an existing file is replaced or makes the call fail.
    ///   - durable: flush file and directory (true for every user-visible write).
    ///   - fill: writes the contents to the descriptor it is given.
    /// - Throws: ``SystemError`` from the calls, or whatever `fill` throws; no partial file is left.
    package func createFileAtomically(
        named name: String,
        mode: UInt32 = 0o600,
        existing: ExistingFilePolicy,
        durable: Bool = true,
        fill: (FileDescriptor) throws -> Void
    ) throws {
        if let unnamed = try openUnnamedFile(mode: mode) {
            try unnamed.setPermissions(mode)
            try fill(unnamed)
            if durable { try unnamed.sync() }
            switch existing {
            case .fail:
                try unnamed.linkUnnamed(as: name, in: self)
            case .replace:
                let temporary = try linkToTemporaryName(unnamed, for: name)
                do {
                    try rename(temporary, to: name, in: self, mode: .replace)
                } catch {
                    try? unlink(temporary)
                    throw error
                }
            }
        } else {
            try createThroughTemporaryName(name, mode: mode, existing: existing, durable: durable, fill: fill)
        }
        if durable { try syncDirectory() }
    }

    /// Creates a file under the first of `names` that is free in this directory, so that it
    /// appears whole or not at all and never replaces anything.
    ///
    /// The contents are written once, by `fill`, into an unnamed file (`O_TMPFILE`) or a hidden
    /// temporary name, and flushed; then the names are tried in order with `linkat` (or
    /// `renameat2(RENAME_NOREPLACE)`), each of which fails atomically when the name is taken —
    /// even by a file created a moment earlier by another process. The directory is flushed.
    ///
    /// - Parameters:
    ///   - names: the candidate names, tried in order; generated lazily, so a sequence of
    ///     `Untitled`, `Untitled 2`, `Untitled 3`, … costs only the names tried.
    ///   - mode: the permission bits of the new file.
    ///   - durable: flush file and directory.
    ///   - fill: writes the contents to the descriptor it is given.
    /// - Returns: the name the file was given.
    /// - Throws: ``SystemError`` `.fileExists` when every name is taken; the calls' errors, or
    ///   whatever `fill` throws. No partial file is left.
    package func createFileAtomically<Names: Sequence<String>>(
        firstFreeOf names: Names,
        mode: UInt32 = 0o600,
        durable: Bool = true,
        fill: (FileDescriptor) throws -> Void
    ) throws -> String {
        let temporary = try createHiddenFile(beside: "new", mode: mode, durable: durable, fill: fill).name
        let chosen: String?
        do {
            chosen = try claimFirstFreeName(of: names) { name throws(SystemError) in
                try makeHardLink(temporary, as: name, in: self)
            }
        } catch {
            try? unlink(temporary)
            throw error
        }
        try? unlink(temporary)
        guard let chosen else {
            throw SystemError(.fileExists, call: "linkat")
        }
        if durable { try syncDirectory() }
        return chosen
    }

    /// Creates a complete, flushed file under a fresh hidden name beside `name`
    /// (`.name.folio-1a2b3c4d.tmp`), for an operation that puts it in place itself, for example
    /// by exchanging it with `name`.
    ///
    /// - Returns: the open file and its hidden name.
    /// - Throws: ``SystemError``, or whatever `fill` throws; no partial file is left.
    package func createHiddenFile(
        beside name: String,
        mode: UInt32 = 0o600,
        durable: Bool = true,
        fill: (FileDescriptor) throws -> Void
    ) throws -> (file: FileDescriptor, name: String) {
        if let unnamed = try openUnnamedFile(mode: mode) {
            try unnamed.setPermissions(mode)
            try fill(unnamed)
            if durable { try unnamed.sync() }
            return (unnamed, try linkToTemporaryName(unnamed, for: name))
        }
        let (file, temporary) = try openTemporaryFile(for: name, mode: mode)
        do {
            try file.setPermissions(mode)
            try fill(file)
            if durable { try file.sync() }
            return (file, temporary)
        } catch {
            try? unlink(temporary)
            throw error
        }
    }

    /// An unnamed file in this directory (`O_TMPFILE`), or nil when the filesystem has none.
    private func openUnnamedFile(mode: UInt32) throws(SystemError) -> FileDescriptor? {
        do {
            return try open(".", flags: [.readWrite, .unnamedTemporary], mode: mode)
        } catch {
            switch error.errno {
            case .notSupported, .isDirectory, .invalidArgument: return nil
            default: throw error
            }
        }
    }

    /// Flushes this directory's entries to the device (`fsync` of a directory descriptor).
    package func syncDirectory() throws(SystemError) {
        let readable = try open(".", flags: [.directory])
        try readable.sync()
    }

    private func openTemporaryFile(for name: String, mode: UInt32) throws(SystemError) -> (FileDescriptor, String) {
        var attempts = 0
        while true {
            let temporary = FileDescriptor.temporaryName(for: name)
            do {
                let file = try open(temporary, flags: [.readWrite, .create, .exclusive, .noFollow], mode: mode)
                return (file, temporary)
            } catch  where error.errno == .fileExists && attempts < 100 {
                attempts += 1
            }
        }
    }

    private func linkToTemporaryName(_ unnamed: FileDescriptor, for name: String) throws(SystemError) -> String {
        var attempts = 0
        while true {
            let temporary = FileDescriptor.temporaryName(for: name)
            do {
                try unnamed.linkUnnamed(as: temporary, in: self)
                return temporary
            } catch  where error.errno == .fileExists && attempts < 100 {
                attempts += 1
            }
        }
    }

    private func createThroughTemporaryName(
        _ name: String,
        mode: UInt32,
        existing: ExistingFilePolicy,
        durable: Bool,
        fill: (FileDescriptor) throws -> Void
    ) throws {
        let (file, temporary) = try openTemporaryFile(for: name, mode: mode)
        do {
            try file.setPermissions(mode)
            try fill(file)
            if durable { try file.sync() }
            try rename(temporary, to: name, in: self, mode: existing == .fail ? .noReplace : .replace)
        } catch {
            try? unlink(temporary)
            throw error
        }
    }

    /// A hidden name beside `name` for a file being written: `.name.folio-1a2b3c4d.tmp`, cut so the
    /// result stays within 255 bytes.
    package static func temporaryName(for name: String) -> String {
        let suffix = ".folio-\(String(UInt32.random(in: 0...UInt32.max), radix: 16)).tmp"
        var stem = name
        while stem.utf8.count + suffix.utf8.count + 1 > 255 {
            stem.removeLast()
        }
        return "." + stem + suffix
    }
}
