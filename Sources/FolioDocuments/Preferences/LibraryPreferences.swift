import FolioArchive

/// What the library remembers between launches: the current document and the recent ones.
///
/// Kept in `Library/Preferences/documents.json` (a FolioArchive JSON archive), changed only under
/// a lock on `Library/Preferences/` so processes do not undo each other's changes.
struct LibraryPreferences: Codable, Hashable, Archivable {
    static let archiveTypeName = "DocumentLibraryPreferences"

    /// The file's name in `Library/Preferences/`.
    static let fileName = "documents.json"

    /// How many recent documents are remembered.
    static let recentsCapacity = 20

    /// The current document's name.
    var current: String?
    /// Recently selected documents, most recent first.
    var recents: [String] = []

    /// Puts `name` first among the recent documents.
    mutating func noteRecent(_ name: String) {
        recents.removeAll { $0 == name }
        recents.insert(name, at: 0)
        if recents.count > LibraryPreferences.recentsCapacity {
            recents.removeLast(recents.count - LibraryPreferences.recentsCapacity)
        }
    }

    /// Follows a rename in the current and recent documents.
    mutating func rename(_ name: String, to newName: String) {
        if current == name {
            current = newName
        }
        recents = recents.map { $0 == name ? newName : $0 }
    }

    /// Forgets a document that is gone.
    mutating func forget(_ name: String) {
        if current == name {
            current = nil
        }
        recents.removeAll { $0 == name }
    }
}
