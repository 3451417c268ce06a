/// How ``Files/write(_:to:options:)`` writes a file.
public struct WriteOptions: Sendable, Hashable {
    /// Write to a temporary file, `fsync` it, rename it into place and `fsync` the directory, so a
    /// crash leaves the old contents or the new, never a torn or empty file. On by default.
    public var isAtomic: Bool
    /// Fail with `.alreadyExists` instead of replacing an existing file.
    public var isExclusive: Bool
    /// The permission bits of the file. Nil: 0600 for a new file, and the old file's bits when
    /// replacing one.
    public var permissions: UInt32?
    /// Create missing parent directories (0700).
    public var createsIntermediateDirectories: Bool
    /// When the name is taken, write under the first free one of `stem 2.ext`, `stem 3.ext`, …
    /// instead (see ``FileName/numberedVariants(of:start:limit:)``): nothing is ever replaced, and
    /// a name taken while the file is written is skipped too ("Keep Both"). Atomic writes only.
    public var keepsBoth: Bool

    public init(
        isAtomic: Bool = true,
        isExclusive: Bool = false,
        permissions: UInt32? = nil,
        createsIntermediateDirectories: Bool = false,
        keepsBoth: Bool = false
    ) {
        self.isAtomic = isAtomic
        self.isExclusive = isExclusive
        self.permissions = permissions
        self.createsIntermediateDirectories = createsIntermediateDirectories
        self.keepsBoth = keepsBoth
    }

    /// Atomic and exclusive: create a new file, fail if the name is taken.
    public static let exclusive = WriteOptions(isExclusive: true)

    /// Atomic, and under the first free numbered name when the name is taken.
    public static let keepingBoth = WriteOptions(keepsBoth: true)
}
