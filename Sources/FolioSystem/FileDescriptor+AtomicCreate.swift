import Glibc

extension FileDescriptor {
    /// Creates the file `name` in this directory so that it appears whole or not at all.
    ///
    /// `fill` writes the contents into a ``PendingFile``, which is then committed: flushed, named
    /// (`linkat` when it must not replace anything, `renameat2` otherwise), and the directory
    /// flushed so the name survives a crash. Permissions are exactly `mode`, whatever the umask.
    ///
    /// - Parameters:
    ///   - name: the final name in this directory.
    ///   - names: where hidden names come from, should one be needed.
    ///   - mode: the permission bits of the new file.
    ///   - existing: whether an existing file is replaced or makes the call fail.
    ///   - durable: flush file and directory (true for every user-visible write).
    ///   - fill: writes the contents to the descriptor it is given.
    /// - Throws: ``SystemError`` from the calls, or whatever `fill` throws; no partial file is left.
    package func createFileAtomically(
        named name: String,
        names: TemporaryNames,
        mode: UInt32 = 0o600,
        existing: ExistingFilePolicy,
        durable: Bool = true,
        fill: (FileDescriptor) throws -> Void
    ) throws {
        let pending = try PendingFile(
            named: name, in: self, names: names, mode: mode, existing: existing, durable: durable)
        do {
            try fill(pending.descriptor)
        } catch {
            pending.abandon()
            throw error
        }
        try pending.commit()
    }

    /// Creates a file under the first of `names` that is free in this directory, so that it
    /// appears whole or not at all and never replaces anything.
    ///
    /// The contents are written once, by `fill`, and flushed under a hidden name; then the names
    /// are tried in order with `linkat`, each of which fails atomically when the name is taken —
    /// even by a file created a moment earlier by another process. The hidden name is removed and
    /// the directory flushed.
    ///
    /// - Parameters:
    ///   - candidates: the names, tried in order; generated lazily, so a sequence of
    ///     `Untitled`, `Untitled 2`, `Untitled 3`, … costs only the names tried.
    ///   - names: where the hidden name comes from.
    ///   - mode: the permission bits of the new file.
    ///   - durable: flush file and directory.
    ///   - fill: writes the contents to the descriptor it is given.
    /// - Returns: the name the file was given.
    /// - Throws: ``SystemError`` `.fileExists` when every name is taken; the calls' errors, or
    ///   whatever `fill` throws. No partial file is left.
    package func createFileAtomically<Candidates: Sequence<String>>(
        firstFreeOf candidates: Candidates,
        names: TemporaryNames,
        mode: UInt32 = 0o600,
        durable: Bool = true,
        fill: (FileDescriptor) throws -> Void
    ) throws -> String {
        let temporary = try createHiddenFile(beside: "new", names: names, mode: mode, durable: durable, fill: fill)
            .claim
        let chosen: String?
        do {
            chosen = try claimFirstFreeName(of: candidates) { name throws(SystemError) in
                try makeHardLink(temporary.name, as: name, in: self)
            }
        } catch {
            removeTemporary(temporary)
            throw error
        }
        removeTemporary(temporary)
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
    /// The hidden name is claimed from `names` (to be discarded should the writer die), and the
    /// claim is returned with the file: the caller releases it, or lets it go, once the name is
    /// gone (``removeTemporary(_:)``).
    /// - Returns: the open file and the claim on its hidden name.
    /// - Throws: ``SystemError`` (`.fileExists` in the unlikely case that the random hidden name
    ///   is taken), or whatever `fill` throws; no partial file is left.
    package func createHiddenFile(
        beside name: String,
        names: TemporaryNames,
        mode: UInt32 = 0o600,
        durable: Bool = true,
        fill: (FileDescriptor) throws -> Void
    ) throws -> (file: FileDescriptor, claim: TemporaryClaim) {
        let temporary = try names.claim(beside: name)
        let pending = try PendingFile(
            named: temporary.name, in: self, names: names, mode: mode, existing: .fail, durable: durable)
        do {
            try fill(pending.descriptor)
        } catch {
            pending.abandon()
            throw error
        }
        do {
            try pending.commit()
        } catch {
            removeTemporary(temporary)
            throw error
        }
        InterruptionPoint.hiddenFileWritten.reach()
        return (pending.descriptor, temporary)
    }

    /// Flushes this directory's entries to the device (`fsync` of a directory descriptor).
    package func syncDirectory() throws(SystemError) {
        let readable = try open(".", flags: [.directory])
        try readable.sync()
    }
}
