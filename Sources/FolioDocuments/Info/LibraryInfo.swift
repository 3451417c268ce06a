/// What the App Info panel shows: the program, where its container is, and what the library holds.
public struct LibraryInfo: Sendable, Hashable, Encodable {
    /// The number and size of the documents of one kind.
    public struct KindUsage: Sendable, Hashable, Encodable {
        /// The kind's identifier (`drawing`, `note`, `generic`).
        public var kind: String
        /// How many documents are of this kind.
        public var count: Int
        /// Their total size in bytes.
        public var bytes: UInt64

        /// A usage.
        public init(kind: String, count: Int, bytes: UInt64) {
            self.kind = kind
            self.count = count
            self.bytes = bytes
        }
    }

    /// The application's version, as its caller gave it.
    public var applicationVersion: String
    /// The container's Home directory.
    public var containerPath: String
    /// How many documents there are, in `Documents/` and all its folders.
    public var documentCount: Int
    /// Their total size in bytes.
    public var documentBytes: UInt64
    /// How many folders there are in `Documents/`, at every depth.
    public var folderCount: Int
    /// Count and size per kind, in the library's kind order, generic last.
    public var kinds: [KindUsage]
    /// How many documents are in the trash.
    public var trashCount: Int
    /// The trash's total size in bytes.
    public var trashBytes: UInt64
    /// The current document's name, as remembered.
    public var currentDocument: String?

    /// An info.
    public init(
        applicationVersion: String,
        containerPath: String,
        documentCount: Int,
        documentBytes: UInt64,
        folderCount: Int = 0,
        kinds: [KindUsage],
        trashCount: Int,
        trashBytes: UInt64,
        currentDocument: String?
    ) {
        self.applicationVersion = applicationVersion
        self.containerPath = containerPath
        self.documentCount = documentCount
        self.documentBytes = documentBytes
        self.folderCount = folderCount
        self.kinds = kinds
        self.trashCount = trashCount
        self.trashBytes = trashBytes
        self.currentDocument = currentDocument
    }
}
