import FolioDocuments

/// Documents and trash items as rows of a terminal table.
enum DocumentRows {
    /// A table of documents, the current one marked with `*`.
    static func table(_ documents: [Document], current: String?) -> TextTable {
        var table = TextTable(
            alignments: [.left, .left, .left, .right, .left], header: ["", "NAME", "KIND", "SIZE", "MODIFIED"])
        for document in documents {
            table.append([
                document.name == current ? "*" : "", document.name, document.kind.identifier,
                Format.size(document.size), Format.date(document.modificationDate),
            ])
        }
        return table
    }

    /// A table of trash items.
    static func table(_ items: [TrashItem]) -> TextTable {
        var table = TextTable(
            alignments: [.left, .left, .right, .right, .left], header: ["NAME", "DELETED", "SIZE", "LEFT", "ID"])
        for item in items {
            table.append([
                item.originalPath, Format.date(item.deletionDate), Format.size(item.size),
                item.daysLeft.map { $0 == 1 ? "1 day" : "\($0) days" } ?? "-", item.id,
            ])
        }
        return table
    }
}
