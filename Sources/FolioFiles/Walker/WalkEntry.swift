import FolioSandbox
import Foundation

/// One entry a ``DirectoryWalker`` returns.
public struct WalkEntry: Sendable, Hashable {
    /// The path relative to the directory being walked, e.g. `Notes/todo.txt`.
    public var path: String
    /// The entry's own name.
    public var name: String
    /// Its type (a symbolic link is reported as a link and never followed).
    public var type: FileType
    /// 1 for the walked directory's own entries, 2 for theirs, and so on.
    public var depth: Int
    /// The size in bytes (with `.basic` or `.full` detail).
    public var size: UInt64?
    /// The modification date (with `.basic` or `.full` detail).
    public var modificationDate: Date?
    /// The permission bits (with `.basic` or `.full` detail).
    public var posixPermissions: UInt32?
    /// Every attribute (with `.full` detail).
    public var attributes: FileAttributes?

    /// An entry; the walker makes these, and so can code that lists something it did not walk.
    public init(
        path: String,
        name: String,
        type: FileType,
        depth: Int,
        size: UInt64? = nil,
        modificationDate: Date? = nil,
        posixPermissions: UInt32? = nil,
        attributes: FileAttributes? = nil
    ) {
        self.path = path
        self.name = name
        self.type = type
        self.depth = depth
        self.size = size
        self.modificationDate = modificationDate
        self.posixPermissions = posixPermissions
        self.attributes = attributes
    }

    /// The entry as a container path below `root`, the directory that was walked.
    ///
    /// - Throws: ``FileError`` `.invalidName` when the on-disk name breaks Folio's naming rules
    ///   (for example a name with a newline created by another program).
    public func sandboxPath(under root: SandboxPath) throws -> SandboxPath {
        try root.appending(components: path.split(separator: "/").map(String.init))
    }
}
