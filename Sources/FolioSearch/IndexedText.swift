import FolioCore

/// One file's entry as the index stores it: where it is, what it was when read, and its text.
struct IndexedText: Sendable {
    /// The path below `Documents/`: `Projects/Plan.txt`.
    var path: String
    /// The file name.
    var name: String
    /// How its contents were read.
    var kind: SearchKind
    /// Its size when read.
    var size: UInt64
    /// Its modification time when read.
    var modified: UTCTime
    /// The version of exactly the bytes read.
    var version: String
    /// The text that was read.
    var body: String
}
