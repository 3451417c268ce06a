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

    /// Follows a rename or move in the current and recent documents; for a folder, of every
    /// document inside it.
    mutating func rename(_ name: String, to newName: String, isFolder: Bool = false) {
        func renamed(_ remembered: String) -> String {
            if remembered == name { return newName }
            if isFolder && remembered.hasPrefix(name + "/") {
                let inside: String = String(remembered.dropFirst(name.count))
                return newName + inside
            }
            return remembered
        }
        current = current.map(renamed)
        recents = recents.map(renamed)
    }

    /// Forgets a document that is gone; for a folder, every document inside it.
    mutating func forget(_ name: String, isFolder: Bool = false) {
        func isGone(_ remembered: String) -> Bool {
            remembered == name || (isFolder && remembered.hasPrefix(name + "/"))
        }
        if let current, isGone(current) {
            self.current = nil
        }
        recents.removeAll(where: isGone)
    }

    /// Whether the current document is `name` or, for a folder, inside it.
    func isCurrent(_ name: String, isFolder: Bool) -> Bool {
        guard let current else { return false }
        return current == name || (isFolder && current.hasPrefix(name + "/"))
    }
}
