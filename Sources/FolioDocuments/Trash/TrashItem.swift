import Foundation

/// A deleted document waiting in the trash (`Library/Trash/`).
public struct TrashItem: Sendable, Hashable, Encodable, Identifiable {
    /// The item's identifier: its directory in `Library/Trash/`, e.g. `20261129T205733.123Z-1a2b3c4d`.
    public var id: String
    /// The document's (or folder's) name when it was deleted, without its folders.
    public var originalName: String
    /// The folder it was deleted from, relative to `Documents/` (`Projects`); empty for the top
    /// level. A restore puts it back there.
    public var originalFolder: String
    /// When it was deleted.
    public var deletionDate: Date
    /// The document's size in bytes.
    public var size: UInt64
    /// Its kind, from the extension.
    public var kind: DocumentKind
    /// When the trash destroys it, or nil when the library keeps the trash until it is emptied.
    public var purgeDate: Date?
    /// The whole days it has left before that, as Recently Deleted shows them ("3 days"): the time
    /// left rounded up, so an item purged in an hour still has 1; nil without a purge date.
    public var daysLeft: Int?

    /// An item; `now` is the time `daysLeft` counts from.
    public init(
        id: String, originalName: String, originalFolder: String = "", deletionDate: Date, size: UInt64,
        kind: DocumentKind, purgeDate: Date? = nil, now: Date = Date()
    ) {
        self.id = id
        self.originalName = originalName
        self.originalFolder = originalFolder
        self.deletionDate = deletionDate
        self.size = size
        self.kind = kind
        self.purgeDate = purgeDate
        self.daysLeft = purgeDate.map { max(0, Int((($0.timeIntervalSince(now)) / 86_400).rounded(.up))) }
    }

    private enum CodingKeys: String, CodingKey {
        case id, originalName, originalFolder, deletionDate, size, kind, purgeDate, daysLeft
    }

    /// The name the document had in the library: `Projects/Nested.txt`.
    public var originalPath: String {
        Document.name(originalName, inFolder: originalFolder)
    }

    /// Encodes the item with its kind's identifier.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(originalName, forKey: .originalName)
        try container.encode(originalFolder, forKey: .originalFolder)
        try container.encode(deletionDate, forKey: .deletionDate)
        try container.encode(size, forKey: .size)
        try container.encode(kind.identifier, forKey: .kind)
        try container.encodeIfPresent(purgeDate, forKey: .purgeDate)
        try container.encodeIfPresent(daysLeft, forKey: .daysLeft)
    }
}

/// What ``DocumentLibrary/delete(_:)`` did: where the document went, and what is current now.
public struct Deletion: Sendable, Hashable, Encodable {
    /// The document in the trash.
    public var item: TrashItem
    /// The document that became current because the deleted one was; nil when the current
    /// document did not change.
    public var newCurrent: Document?

    /// A deletion.
    public init(item: TrashItem, newCurrent: Document?) {
        self.item = item
        self.newCurrent = newCurrent
    }
}
