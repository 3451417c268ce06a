/// How ``Files/copy(_:to:options:progress:)`` copies.
public struct CopyOptions: Sendable, Hashable {
    /// Copy a directory and everything in it.
    public var isRecursive: Bool
    /// Keep permissions, modification and access times, and `user.` extended attributes; otherwise
    /// copies are private (0600 files, 0700 directories) with fresh times.
    public var preservesAttributes: Bool
    /// Replace an existing destination (atomically for a file; a directory is swapped in whole and
    /// the old one removed). Without it an existing destination is `.alreadyExists`.
    public var replacing: Bool

    public init(isRecursive: Bool = false, preservesAttributes: Bool = false, replacing: Bool = false) {
        self.isRecursive = isRecursive
        self.preservesAttributes = preservesAttributes
        self.replacing = replacing
    }
}

/// How far a copy has got.
public struct CopyProgress: Sendable, Hashable {
    /// Items (files, directories, links) created so far.
    public var items: Int
    /// Bytes of file contents copied so far.
    public var bytes: UInt64
}
