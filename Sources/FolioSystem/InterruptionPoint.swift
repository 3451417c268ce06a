import Synchronization

/// A moment inside one of Folio's multi-step file operations — after a temporary entry is made,
/// before it gets its name — where a test stops the process to kill it there (`kill -9`), or to
/// look at the disk while the operation waits.
///
/// Nothing happens at these points unless code in this package installs a handler (the test
/// helpers do); there is no switch a user can set.
package enum InterruptionPoint: String, Sendable, CaseIterable {
    /// A file has just been linked under its hidden name and is about to be renamed over its
    /// final name (a write that replaces a file).
    case temporaryFileLinked = "temporary-file-linked"
    /// A complete hidden file has been written — a save's new contents, a new document — and is
    /// about to be swapped or linked into place.
    case hiddenFileWritten = "hidden-file-written"
    /// A save has swapped its new contents in; the old contents wait under the hidden name to be
    /// compared with the version the save was based on, and removed.
    case contentsExchanged = "contents-exchanged"
    /// A directory built under a hidden name (a copy, a trash item) is complete and about to get
    /// its name.
    case stagedDirectoryFilled = "staged-directory-filled"
    /// An existing entry has just been moved to a hidden name, to be taken apart (a trash item
    /// being restored or destroyed).
    case entryStaged = "entry-staged"

    private static let handler = Mutex<(@Sendable (InterruptionPoint) -> Void)?>(nil)
    private static let isInstalled = Atomic(false)

    /// Calls `handler` at every point reached from now on, in any thread (nil removes it).
    package static func install(_ handler: (@Sendable (InterruptionPoint) -> Void)?) {
        self.handler.withLock { $0 = handler }
        isInstalled.store(handler != nil, ordering: .releasing)
    }

    /// Marks that the operation is at this point: calls the installed handler, if any.
    ///
    /// - Complexity: one atomic load when no handler is installed.
    package func reach() {
        guard InterruptionPoint.isInstalled.load(ordering: .acquiring) else { return }
        let handler = InterruptionPoint.handler.withLock { $0 }
        handler?(self)
    }
}
