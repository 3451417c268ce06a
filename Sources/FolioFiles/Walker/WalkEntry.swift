import FolioCore
import FolioSandbox
import Foundation

/// One entry a ``DirectoryWalker`` returns.
public struct WalkEntry: Sendable, Hashable {
    /// The directory that holds the entry, relative to the directory being walked: `Notes`, or
    /// empty for the walked directory's own entries. Entries of one directory share this string.
    public var directory: String
    /// The entry's own name.
    public var name: String

    /// The path relative to the directory being walked, e.g. `Notes/todo.txt` (made on request,
    /// so a walk need not build a string per entry).
    public var path: String {
        directory.isEmpty ? name : directory + "/" + name
    }
    /// Its type (a symbolic link is reported as a link and never followed).
    public var type: FileType
    /// 1 for the walked directory's own entries, 2 for theirs, and so on.
    public var depth: Int
    /// The size in bytes (with `.basic` or `.full` detail).
    public var size: UInt64?
    /// The modification time, exact to the nanosecond (with `.basic` or `.full` detail).
    public var modificationTime: UTCTime?
    /// The modification time as a `Date`, to about a tenth of a microsecond (with `.basic` or
    /// `.full` detail).
    public var modificationDate: Date? {
        get { modificationTime?.date }
        set { modificationTime = newValue.flatMap(UTCTime.init) }
    }
    /// The permission bits (with `.basic` or `.full` detail).
    public var posixPermissions: UInt32?
    /// Every attribute (with `.full` detail).
    public var attributes: FileAttributes? {
        get { attributesBox?.value }
        set { attributesBox = newValue.map(AttributesBox.init) }
    }

    /// The attributes live in a box, so an entry stays small to copy in a walk of millions.
    private var attributesBox: AttributesBox?

    /// An entry; the walker makes these, and so can code that lists something it did not walk.
    /// An exact `modificationTime` wins over a `modificationDate`.
    public init(
        directory: String,
        name: String,
        type: FileType,
        depth: Int,
        size: UInt64? = nil,
        modificationDate: Date? = nil,
        modificationTime: UTCTime? = nil,
        posixPermissions: UInt32? = nil,
        attributes: FileAttributes? = nil
    ) {
        self.directory = directory
        self.name = name
        self.type = type
        self.depth = depth
        self.size = size
        self.modificationTime = modificationTime ?? modificationDate.flatMap(UTCTime.init)
        self.posixPermissions = posixPermissions
        self.attributesBox = attributes.map(AttributesBox.init)
    }

    /// The entry as a container path below `root`, the directory that was walked.
    ///
    /// - Throws: ``FileError`` `.invalidName` when the on-disk name breaks Folio's naming rules
    ///   (for example a name with a newline created by another program).
    public func sandboxPath(under root: SandboxPath) throws(FileError) -> SandboxPath {
        try root.appending(components: path.split(separator: "/").map(String.init))
    }
}

/// An immutable reference to attributes, shared by copies of a ``WalkEntry``.
private final class AttributesBox: Sendable, Hashable {
    let value: FileAttributes

    init(_ value: FileAttributes) {
        self.value = value
    }

    static func == (lhs: AttributesBox, rhs: AttributesBox) -> Bool {
        lhs.value == rhs.value
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(value)
    }
}
