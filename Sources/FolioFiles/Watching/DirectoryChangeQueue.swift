import FolioSandbox
import FolioSystem

/// The changes in one or more directories of a container since they were last asked for, read
/// when the caller asks: what keeps an index of a directory exact at the moment it is used.
///
/// The kernel queues a change before the call that made it returns, so ``pendingChanges()``
/// reports every change completed before it was called — by this process, another `folio`, or
/// another program — without a thread that waits. Unlike ``DirectoryWatcher``, it also reports a
/// file being written before it is closed (as ``DirectoryChange/Kind/modified``), since that already
/// changed the file's size and modification time.
///
/// The kernel keeps a bounded queue (`fs.inotify.max_queued_events`): when more changes happen
/// between two calls, the batch says ``DirectoryChange/Kind/changesLost`` and the directories
/// must be read again.
///
/// ```swift
/// let queue = try files.changeQueue([.documents])
/// let index = try readIndex()          // after the queue exists, so no change is missed
/// for change in try queue.pendingChanges() { index.update(change.name) }
/// ```
public final class DirectoryChangeQueue: Sendable {
    /// The directories watched.
    public let directories: [SandboxPath]
    private let inotify: Inotify
    private let watches: WatchTable

    init(inotify: Inotify, watches: WatchTable, directories: [SandboxPath]) {
        self.inotify = inotify
        self.watches = watches
        self.directories = directories
    }

    /// The changes queued since the last call, in the order they happened; empty when there are
    /// none. Never waits.
    ///
    /// - Throws: ``FileError`` when the kernel's queue cannot be read.
    public func pendingChanges() throws(FileError) -> [DirectoryChange] {
        do {
            return watches.translate(try inotify.readEvents())
        } catch {
            throw FileError(error, operation: "watch", subject: watches.description)
        }
    }
}

extension Files {
    /// Starts queueing the changes in `directories` (the kernel's inotify), to be read with
    /// ``DirectoryChangeQueue/pendingChanges()``.
    ///
    /// - Throws: ``FileError`` when a directory cannot be opened or watched (for example when the
    ///   system's limit of watches is reached).
    public func changeQueue(_ directories: [SandboxPath]) throws(FileError) -> DirectoryChangeQueue {
        let (inotify, watches) = try watchTable(directories, mask: WatchTable.changes.union(.written))
        return DirectoryChangeQueue(inotify: inotify, watches: watches, directories: directories)
    }
}
