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
        let pending = try PendingFile(named: name, in: self, mode: mode, existing: existing, durable: durable)
        do {
            try fill(pending.descriptor)
        } catch {
            pending.abandon()
            throw error
        }
        try pending.commit()
    }

    /// Flushes this directory's entries to the device (`fsync` of a directory descriptor).
    package func syncDirectory() throws(SystemError) {
        let readable = try open(".", flags: [.directory])
        try readable.sync()
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
