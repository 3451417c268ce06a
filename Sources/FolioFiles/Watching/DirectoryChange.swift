import FolioSandbox

/// One change in a watched directory, as ``DirectoryWatcher`` reports it.
///
/// Changes come from the kernel (inotify), so they include what other programs do. Names are the
/// entries' own names, which another program may have chosen outside Folio's naming rules.
public struct DirectoryChange: Sendable, Hashable {
    /// What happened to the entry.
    public enum Kind: Sendable, Hashable {
        /// The entry was created.
        case created
        /// The entry was removed.
        case deleted
        /// A file was written and closed.
        case modified
        /// The entry's metadata changed: times, permissions, owner, link count.
        case attributesChanged
        /// The entry was renamed from `name` in `directory` (both watched).
        case renamed(fromDirectory: SandboxPath, fromName: String)
        /// The entry was moved here from a directory that is not watched.
        case movedIn
        /// The entry was moved to a directory that is not watched.
        case movedOut
        /// The kernel's queue overflowed and changes were lost: read the directories again.
        case changesLost
        /// The watched directory itself was removed or moved; no more changes will come from it.
        case directoryGone
    }

    /// The watched directory the entry is in.
    public var directory: SandboxPath
    /// The entry's name (empty for ``Kind/changesLost`` and ``Kind/directoryGone``).
    public var name: String
    /// What happened.
    public var kind: Kind
    /// Whether the entry is a directory.
    public var isDirectory: Bool

    /// A change; the watcher makes these, and tests can too.
    public init(directory: SandboxPath, name: String, kind: Kind, isDirectory: Bool = false) {
        self.directory = directory
        self.name = name
        self.kind = kind
        self.isDirectory = isDirectory
    }
}
