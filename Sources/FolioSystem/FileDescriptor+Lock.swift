import CFolioSystem

/// The kind of advisory lock ``FileDescriptor/lock(_:waiting:)`` takes.
package enum LockKind: Sendable {
    /// Many holders at once, none exclusive (`LOCK_SH`).
    case shared
    /// One holder at a time (`LOCK_EX`).
    case exclusive
}

extension FileDescriptor {
    /// Takes an advisory lock on the open file (or directory) this descriptor refers to.
    ///
    /// The lock belongs to the open file description: two descriptors from separate `open` calls
    /// exclude each other even inside one process, while duplicates of one descriptor share the
    /// lock. It is released by ``unlock()`` or when the last descriptor is closed. Only programs
    /// that take the same lock are excluded; nothing stops a program that does not.
    ///
    /// The corresponding C function is `flock`.
    /// - Parameter waiting: wait for the lock; otherwise return false at once when it is held.
    /// - Returns: whether the lock was taken (always true when `waiting`).
    @discardableResult
    package func lock(_ kind: LockKind, waiting: Bool = true) throws(SystemError) -> Bool {
        var operation = kind == .shared ? folio_lock_shared : folio_lock_exclusive
        if !waiting {
            operation |= folio_lock_nonblocking
        }
        do {
            _ = try retryingInterrupts("flock") { folio_flock(rawValue, operation) }
            return true
        } catch  where error.errno == .wouldBlock && !waiting {
            return false
        }
    }

    /// Releases the advisory lock taken with ``lock(_:waiting:)``.
    ///
    /// The corresponding C function is `flock(LOCK_UN)`.
    package func unlock() throws(SystemError) {
        _ = try retryingInterrupts("flock") { folio_flock(rawValue, folio_lock_unlock) }
    }

    /// Runs `body` while holding an advisory lock on this descriptor's file, then releases it.
    ///
    /// - Throws: ``SystemError`` when the lock cannot be taken, or whatever `body` throws.
    package func withLock<Result>(_ kind: LockKind, _ body: () throws -> Result) throws -> Result {
        try lock(kind)
        // Closing the descriptor releases the lock too, so a failed unlock loses nothing.
        defer { _ = folio_flock(rawValue, folio_lock_unlock) }
        return try body()
    }
}
