import FolioSystem
import Foundation

/// Everything the system knows about a file: the `NSFileManager` attribute dictionary as a type.
///
/// Dates are exact to the nanosecond the filesystem keeps. `creationDate` is the birth time from
/// `statx` (nil where the filesystem does not record one — never the inode change time).
public struct FileAttributes: Sendable, Hashable, Codable {
    /// The file's type.
    public var type: FileType
    /// The size in bytes (for a symbolic link, the length of its target).
    public var size: UInt64
    /// The space allocated on disk in bytes (less than `size` for a sparse file).
    public var allocatedSize: UInt64
    /// The permission bits, e.g. `0o600`.
    public var posixPermissions: UInt32
    /// The birth time, when the filesystem records it.
    public var creationDate: Date?
    /// The last change of the contents.
    public var modificationDate: Date
    /// The last read of the contents.
    public var accessDate: Date
    /// The last change of the inode (contents, name, permissions, …).
    public var statusChangeDate: Date
    /// The owner's user id.
    public var ownerAccountID: UInt32
    /// The owner's user name, when the system knows it.
    public var ownerAccountName: String?
    /// The group id.
    public var groupOwnerAccountID: UInt32
    /// The group's name, when the system knows it.
    public var groupOwnerAccountName: String?
    /// The number of hard links.
    public var referenceCount: UInt32
    /// The device the file lives on.
    public var systemNumber: UInt64
    /// The inode number.
    public var systemFileNumber: UInt64
    /// Whether the extension is hidden in listings (kept in the `user.folio.extension-hidden` xattr).
    public var isExtensionHidden: Bool
    /// Whether the file is immutable (`FS_IMMUTABLE_FL`): no change, rename, link or removal.
    public var isImmutable: Bool
    /// Whether the file can only be appended to (`FS_APPEND_FL`).
    public var isAppendOnly: Bool
    /// The target of a symbolic link.
    public var symbolicLinkTarget: String?
    /// The version of the file as it was described (see ``FileVersion``).
    public var version: FileVersion

    /// The name of the extended attribute that records a hidden extension.
    public static let extensionHiddenAttribute = "user.folio.extension-hidden"

    init(status: FileStatus, flags: InodeFlags?, extensionHidden: Bool, linkTarget: String?) {
        type = FileType(status.kind)
        size = status.size
        allocatedSize = status.blocks * 512
        posixPermissions = status.permissions
        creationDate = status.born.map(FileAttributes.date)
        modificationDate = FileAttributes.date(status.modified)
        accessDate = FileAttributes.date(status.accessed)
        statusChangeDate = FileAttributes.date(status.changed)
        ownerAccountID = status.userID
        ownerAccountName = AccountNames.shared.user(status.userID)
        groupOwnerAccountID = status.groupID
        groupOwnerAccountName = AccountNames.shared.group(status.groupID)
        referenceCount = status.linkCount
        systemNumber = status.device
        systemFileNumber = status.inode
        isExtensionHidden = extensionHidden
        isImmutable = flags?.contains(.immutable) ?? false
        isAppendOnly = flags?.contains(.appendOnly) ?? false
        symbolicLinkTarget = linkTarget
        version = FileVersion(status)
    }

    static func date(_ timestamp: Timestamp) -> Date {
        Date(timeIntervalSince1970: Double(timestamp.seconds) + Double(timestamp.nanoseconds) / 1e9)
    }

    static func timestamp(_ date: Date) -> Timestamp {
        let interval = date.timeIntervalSince1970
        var seconds = interval.rounded(.down)
        var nanoseconds = ((interval - seconds) * 1e9).rounded()
        if nanoseconds >= 1e9 {
            seconds += 1
            nanoseconds -= 1e9
        }
        return Timestamp(seconds: Int64(seconds), nanoseconds: UInt32(nanoseconds))
    }
}
