import Foundation

/// How a ``DirectoryWalker`` walks.
public struct WalkOptions: Sendable, Hashable {
    /// What to read about each entry besides its name and type.
    public enum Detail: Sendable, Hashable {
        /// Name and type only: one `getdents64` per batch of entries, no per-entry system call
        /// where the filesystem reports types.
        case names
        /// Also size, modification date and permissions (one `statx` per entry).
        case basic
        /// Every ``FileAttributes`` field, including owner names, birth time and inode flags.
        case full
    }

    /// The order of the entries within each directory.
    public enum Order: Sendable, Hashable {
        /// The order the filesystem returns: fastest, and memory does not grow with a directory's size.
        case filesystem
        /// By name, byte-wise (like `LC_ALL=C ls`); each directory's names are read before any is returned.
        case name
    }

    /// Descend into subdirectories.
    public var isRecursive: Bool
    /// The deepest level to return: 1 is the directory's own entries. Nil means no limit.
    public var maximumDepth: Int?
    /// What to read about each entry.
    public var detail: Detail
    /// The order within each directory.
    public var order: Order
    /// Include names starting with `.`.
    public var includesHidden: Bool
    /// How many threads read directories ahead of a recursive walk, in parallel; nil is one per
    /// active core (``activeCores``), 0 reads each directory on the walk's own thread when the walk
    /// reaches it. The entries and their order are the same whatever the number.
    public var threads: Int?

    /// The number of processor cores this process may run on.
    public static var activeCores: Int {
        ProcessInfo.processInfo.activeProcessorCount
    }

    public init(
        isRecursive: Bool = true,
        maximumDepth: Int? = nil,
        detail: Detail = .names,
        order: Order = .filesystem,
        includesHidden: Bool = true,
        threads: Int? = nil
    ) {
        self.isRecursive = isRecursive
        self.maximumDepth = maximumDepth
        self.detail = detail
        self.order = order
        self.includesHidden = includesHidden
        self.threads = threads
    }
}
