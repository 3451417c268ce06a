import Synchronization

/// One running writer's record of the temporary entries it has made and not yet settled, and the
/// proof that it still runs.
///
/// A journal is a small file named by a random token (`1a2b3c4d`) in a directory of journals. Its
/// writer holds an exclusive `flock` on it for as long as the journal lives, and the kernel drops
/// that lock when the process ends, however it ends (`kill -9` included). So the liveness rule is
/// race-free: a non-blocking lock that *succeeds* proves the writer is gone. Recovery takes that
/// lock before it touches anything the journal names, and checks that the name still refers to
/// the file it locked; a new writer checks the same after locking the file it created, and starts
/// again under another token should recovery have removed it in between.
///
/// Each temporary name is recorded (one `write`, appended) before its entry is made, and released
/// when the entry is gone or renamed into place; when nothing is outstanding the file is emptied,
/// and a journal released from memory with nothing outstanding removes itself. The lines are not
/// flushed to the device: they survive a killed process, which is what they are for, while after
/// a power failure a leftover may go unnoticed (it is hidden, and harms nothing).
package final class WriterJournal: Sendable {
    /// The token in this writer's temporary names, and the journal's file name.
    package let token: String
    private let file: FileDescriptor
    private let directory: FileDescriptor
    private let state = Mutex(State())

    private struct State {
        var next: UInt64 = 0
        var outstanding: [UInt64: [UInt8]] = [:]
        var size = 0
    }

    /// The size past which the journal is rewritten with only the outstanding lines.
    private static let compactionSize = 64 << 10

    /// Starts a journal under a fresh token in `directory`, locked for this journal's lifetime.
    ///
    /// - Throws: ``SystemError`` when the file cannot be created or locked.
    package init(in directory: FileDescriptor) throws(SystemError) {
        var attempts = 0
        while true {
            let token = TemporaryName.hexadecimal(UInt32.random(in: 1...UInt32.max))
            let file: FileDescriptor
            do {
                file = try directory.open(
                    token, flags: [.writeOnly, .append, .create, .exclusive, .noFollow], mode: 0o600)
            } catch  where error.errno == .fileExists && attempts < 100 {
                attempts += 1
                continue
            }
            // Waits only while a recovery that found the new file unlocked holds it.
            try file.lock(.exclusive)
            let locked = try file.status()
            let named: FileStatus
            do {
                named = try directory.status(of: token)
            } catch  where error.errno == .noSuchFile && attempts < 100 {
                attempts += 1
                continue
            }
            guard named.inode == locked.inode, named.device == locked.device else {
                attempts += 1
                if attempts >= 100 { throw SystemError(.busy, call: "flock", path: token) }
                continue
            }
            self.token = token
            self.file = file
            self.directory = directory
            return
        }
    }

    deinit {
        let isSettled = state.withLock { $0.outstanding.isEmpty }
        if isSettled {
            // Nothing for recovery to do: a journal left behind would only be removed by it.
            do {
                try directory.unlink(token)
            } catch {
                // It stays, empty and unlocked; the next recovery removes it.
            }
        }
    }

    /// Appends `line`; the returned identifier releases it.
    func record(_ line: JournalLine) throws(SystemError) -> UInt64 {
        let bytes = line.bytes
        return try state.withLock { state throws(SystemError) -> UInt64 in
            try file.writeAll(bytes)
            state.next += 1
            state.outstanding[state.next] = bytes
            state.size += bytes.count
            return state.next
        }
    }

    /// Forgets the line `identifier`: its entry is settled. Empties the file when nothing is
    /// outstanding, and rewrites it when it has grown large with settled lines.
    func release(_ identifier: UInt64) {
        state.withLock { state in
            guard state.outstanding.removeValue(forKey: identifier) != nil else { return }
            do {
                if state.outstanding.isEmpty {
                    if state.size > 0 {
                        try file.truncate(to: 0)
                        state.size = 0
                    }
                } else if state.size > WriterJournal.compactionSize {
                    try file.truncate(to: 0)
                    state.size = 0
                    for line in state.outstanding.values {
                        try file.writeAll(line)
                        state.size += line.count
                    }
                }
            } catch {
                // Stale lines name entries that are gone: recovery finds nothing there and moves
                // on. Nothing is lost by keeping them.
            }
        }
    }

    /// The lines recorded and not yet released (for tests).
    package var outstandingLines: [JournalLine] {
        state.withLock { JournalLine.parse($0.outstanding.values.flatMap { $0 }) }
    }
}
