import Foundation

/// The attributes to change on a file; nil fields are left as they are.
///
/// Everything is checked before anything changes: an unknown user name or an attribute Linux
/// cannot set fails the whole call and leaves the file untouched.
public struct AttributeChanges: Sendable, Hashable, Codable {
    /// New permission bits, e.g. `0o644`.
    public var posixPermissions: UInt32?
    /// New modification date.
    public var modificationDate: Date?
    /// New access date.
    public var accessDate: Date?
    /// A new birth time: Linux has no system call to set it, so asking for it is an error.
    public var creationDate: Date?
    /// New owner, by id.
    public var ownerAccountID: UInt32?
    /// New owner, by name.
    public var ownerAccountName: String?
    /// New group, by id.
    public var groupOwnerAccountID: UInt32?
    /// New group, by name.
    public var groupOwnerAccountName: String?
    /// Hide or show the extension in listings.
    public var isExtensionHidden: Bool?
    /// Make the file immutable or mutable again (needs `CAP_LINUX_IMMUTABLE`, usually root).
    public var isImmutable: Bool?
    /// Make the file append-only or not (needs `CAP_LINUX_IMMUTABLE`).
    public var isAppendOnly: Bool?

    public init(
        posixPermissions: UInt32? = nil,
        modificationDate: Date? = nil,
        accessDate: Date? = nil,
        creationDate: Date? = nil,
        ownerAccountID: UInt32? = nil,
        ownerAccountName: String? = nil,
        groupOwnerAccountID: UInt32? = nil,
        groupOwnerAccountName: String? = nil,
        isExtensionHidden: Bool? = nil,
        isImmutable: Bool? = nil,
        isAppendOnly: Bool? = nil
    ) {
        self.posixPermissions = posixPermissions
        self.modificationDate = modificationDate
        self.accessDate = accessDate
        self.creationDate = creationDate
        self.ownerAccountID = ownerAccountID
        self.ownerAccountName = ownerAccountName
        self.groupOwnerAccountID = groupOwnerAccountID
        self.groupOwnerAccountName = groupOwnerAccountName
        self.isExtensionHidden = isExtensionHidden
        self.isImmutable = isImmutable
        self.isAppendOnly = isAppendOnly
    }

    /// Whether nothing would change.
    public var isEmpty: Bool {
        self == AttributeChanges()
    }
}
