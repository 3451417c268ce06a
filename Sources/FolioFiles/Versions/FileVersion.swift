import FolioSystem

/// Which state of a file a reader saw: the token a conditional write checks against
/// (``Files/replace(_:ifUnchangedSince:with:)``), and what the web app sends as an `ETag`.
///
/// A version is made of the file's device and inode numbers, its size and its modification time
/// to the nanosecond the filesystem keeps. It changes when the file is replaced (an atomic save
/// gives the name a new inode), when its size changes, and when its contents are written in place
/// (the kernel sets the modification time). Renaming the file or changing its permissions keeps
/// it. Treat it as opaque: compare versions, store and send their ``description``.
///
/// The one change a version can miss is a write in place that keeps the size, made within the
/// same tick of the kernel's file clock as the previous change (a few milliseconds) — or one whose
/// author then resets the modification time. Folio itself never writes in place, and on kernels
/// with multigrain timestamps (Linux 6.13 and later, on ext4, XFS, Btrfs and tmpfs) reading a
/// version makes the next change's time distinct.
///
/// ```swift
/// let version = try files.version(of: path)
/// // … later, after editing …
/// try files.replace(path, ifUnchangedSince: version, with: Data(edited.utf8))
/// ```
public struct FileVersion: Hashable, Sendable, Codable, CustomStringConvertible, LosslessStringConvertible {
    let device: UInt64
    let inode: UInt64

    /// Whether both versions are of one file (the same device and inode), whatever its contents:
    /// true across renames and writes in place, false once the name holds another file.
    package func isSameFile(as other: FileVersion) -> Bool {
        device == other.device && inode == other.inode
    }

    let size: UInt64
    let seconds: Int64
    let nanoseconds: UInt32

    init(_ status: FileStatus) {
        device = status.device
        inode = status.inode
        size = status.size
        seconds = status.modified.seconds
        nanoseconds = status.modified.nanoseconds
    }

    /// The version as text, e.g. `1b3-4f2a1-1c-67a1b2c3.1a2b3c4`: hexadecimal device, inode,
    /// size, and modification time in seconds and nanoseconds.
    public var description: String {
        let hex = { (value: UInt64) in String(value, radix: 16) }
        let time = (seconds < 0 ? "-" : "") + hex(seconds.magnitude) + "." + hex(UInt64(nanoseconds))
        return [hex(device), hex(inode), hex(size), time].joined(separator: "-")
    }

    /// Reads a version from its ``description``; nil when the text is not one.
    public init?(_ description: String) {
        let parts = description.split(separator: "-", maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count == 4,
            let device = UInt64(parts[0], radix: 16),
            let inode = UInt64(parts[1], radix: 16),
            let size = UInt64(parts[2], radix: 16)
        else { return nil }
        var time = parts[3]
        let negative = time.hasPrefix("-")
        if negative { time = time.dropFirst() }
        let halves = time.split(separator: ".", omittingEmptySubsequences: false)
        guard halves.count == 2,
            let magnitude = Int64(halves[0], radix: 16),
            let nanoseconds = UInt32(halves[1], radix: 16), nanoseconds < 1_000_000_000
        else { return nil }
        self.device = device
        self.inode = inode
        self.size = size
        self.seconds = negative ? -magnitude : magnitude
        self.nanoseconds = nanoseconds
    }

    /// Decodes a version from its ``description``.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let version = FileVersion(text) else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "not a file version: \(text)"))
        }
        self = version
    }

    /// Encodes the version as its ``description``.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
