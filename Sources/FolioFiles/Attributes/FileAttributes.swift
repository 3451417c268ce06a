import FolioCore
import FolioSystem
import Foundation

/// Everything the system knows about a file: the `NSFileManager` attribute dictionary as a type.
///
/// Times are exact to the nanosecond the filesystem keeps (``modificationTime``; the `Date`s
/// hold them to about a tenth of a microsecond). `creationDate` is the birth time from
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
    /// The birth time, when the filesystem records it, exact to the nanosecond.
    public var creationTime: UTCTime?
    /// The last change of the contents, exact to the nanosecond.
    public var modificationTime: UTCTime
    /// The last read of the contents, exact to the nanosecond.
    public var accessTime: UTCTime
    /// The last change of the inode (contents, name, permissions, …), exact to the nanosecond.
    public var statusChangeTime: UTCTime
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

    /// The birth time as a `Date` (to about a tenth of a microsecond: ``creationTime`` is exact).
    public var creationDate: Date? {
        get { creationTime?.date }
        set { creationTime = newValue.flatMap(UTCTime.init) }
    }
    /// The last change of the contents as a `Date` (``modificationTime`` is exact).
    public var modificationDate: Date {
        get { modificationTime.date }
        set { modificationTime = UTCTime(newValue) ?? modificationTime }
    }
    /// The last read of the contents as a `Date` (``accessTime`` is exact).
    public var accessDate: Date {
        get { accessTime.date }
        set { accessTime = UTCTime(newValue) ?? accessTime }
    }
    /// The last change of the inode as a `Date` (``statusChangeTime`` is exact).
    public var statusChangeDate: Date {
        get { statusChangeTime.date }
        set { statusChangeTime = UTCTime(newValue) ?? statusChangeTime }
    }

    /// The JSON names of the attributes: the times keep the names of their `Date`s, in Folio's
    /// one text form for times, to the nanosecond.
    private enum CodingKeys: String, CodingKey {
        case type, size, allocatedSize, posixPermissions
        case creationTime = "creationDate"
        case modificationTime = "modificationDate"
        case accessTime = "accessDate"
        case statusChangeTime = "statusChangeDate"
        case ownerAccountID, ownerAccountName, groupOwnerAccountID, groupOwnerAccountName, referenceCount
        case systemNumber, systemFileNumber, isExtensionHidden, isImmutable, isAppendOnly, symbolicLinkTarget
        case version
    }

    /// The name of the extended attribute that records a hidden extension.
    public static let extensionHiddenAttribute = "user.folio.extension-hidden"

    init(status: FileStatus, flags: InodeFlags?, extensionHidden: Bool, linkTarget: String?) {
        type = FileType(status.kind)
        size = status.size
        allocatedSize = status.blocks * 512
        posixPermissions = status.permissions
        creationTime = status.born.map(FileAttributes.time)
        modificationTime = FileAttributes.time(status.modified)
        accessTime = FileAttributes.time(status.accessed)
        statusChangeTime = FileAttributes.time(status.changed)
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

    static func time(_ timestamp: Timestamp) -> UTCTime {
        UTCTime(secondsSince1970: timestamp.seconds, nanoseconds: Int64(timestamp.nanoseconds))
    }

    static func date(_ timestamp: Timestamp) -> Date {
        time(timestamp).date
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
