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

    public init(
        isAtomic: Bool = true,
        isExclusive: Bool = false,
        permissions: UInt32? = nil,
        createsIntermediateDirectories: Bool = false
    ) {
        self.isAtomic = isAtomic
        self.isExclusive = isExclusive
        self.permissions = permissions
        self.createsIntermediateDirectories = createsIntermediateDirectories
    }

    /// Atomic and exclusive: create a new file, fail if the name is taken.
    public static let exclusive = WriteOptions(isExclusive: true)
}
