import CFolioSystem
import Glibc

/// The kind of a file system object, from the type bits of its mode or a directory entry.
package enum FileKind: UInt8, Sendable, Hashable {
    case regular
    case directory
    case symbolicLink
    case characterDevice
    case blockDevice
    case fifo
    case socket
    case unknown

    /// The kind encoded in the `S_IFMT` bits of a mode.
    package init(mode: UInt32) {
        switch mode & UInt32(S_IFMT) {
        case UInt32(S_IFREG): self = .regular
        case UInt32(S_IFDIR): self = .directory
        case UInt32(S_IFLNK): self = .symbolicLink
        case UInt32(S_IFCHR): self = .characterDevice
        case UInt32(S_IFBLK): self = .blockDevice
        case UInt32(S_IFIFO): self = .fifo
        case UInt32(S_IFSOCK): self = .socket
        default: self = .unknown
        }
    }

    /// The kind in a directory entry's `d_type`; `.unknown` when the filesystem did not say.
    package init(directoryEntryType type: UInt8) {
        switch Int32(type) {
        case Int32(DT_REG): self = .regular
        case Int32(DT_DIR): self = .directory
        case Int32(DT_LNK): self = .symbolicLink
        case Int32(DT_CHR): self = .characterDevice
        case Int32(DT_BLK): self = .blockDevice
        case Int32(DT_FIFO): self = .fifo
        case Int32(DT_SOCK): self = .socket
        default: self = .unknown
        }
    }
}

/// A point in time as the kernel reports it: seconds and nanoseconds since 1970-01-01 UTC.
package struct Timestamp: Hashable, Sendable, Comparable {
    package var seconds: Int64
    package var nanoseconds: UInt32

    package init(seconds: Int64, nanoseconds: UInt32) {
        self.seconds = seconds
        self.nanoseconds = nanoseconds
    }

    package static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
        (lhs.seconds, lhs.nanoseconds) < (rhs.seconds, rhs.nanoseconds)
    }
}

/// The status of a file as read by `statx`.
package struct FileStatus: Sendable, Hashable {
    package var mode: UInt32
    package var linkCount: UInt32
    package var userID: UInt32
    package var groupID: UInt32
    package var size: UInt64
    package var blocks: UInt64
    package var inode: UInt64
    package var device: UInt64
    package var accessed: Timestamp
    package var modified: Timestamp
    package var changed: Timestamp
    /// The birth (creation) time, when the filesystem records one.
    package var born: Timestamp?

    package var kind: FileKind { FileKind(mode: mode) }
    package var permissions: UInt32 { mode & 0o7777 }

    init(_ raw: folio_stat) {
        mode = raw.mode
        linkCount = raw.nlink
        userID = raw.uid
        groupID = raw.gid
        size = raw.size
        blocks = raw.blocks
        inode = raw.inode
        device = raw.device
        accessed = Timestamp(seconds: raw.access_sec, nanoseconds: raw.access_nsec)
        modified = Timestamp(seconds: raw.modify_sec, nanoseconds: raw.modify_nsec)
        changed = Timestamp(seconds: raw.change_sec, nanoseconds: raw.change_nsec)
        born = raw.has_birth != 0 ? Timestamp(seconds: raw.birth_sec, nanoseconds: raw.birth_nsec) : nil
    }
}
