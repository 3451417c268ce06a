extension DocumentLibrary {
    /// The App Info panel: the application's version, the container's path, how many documents
    /// of each kind there are and their size, and the trash.
    ///
    /// - Parameter applicationVersion: the version of the program showing it (the library serves
    ///   any program).
    /// - Complexity: one `statx` per document and per file in the trash.
    public func info(applicationVersion: String) throws(DocumentError) -> LibraryInfo {
        var usage: [String: LibraryInfo.KindUsage] = [:]
        var count = 0
        var bytes: UInt64 = 0
        try forEachDocumentEntry(detail: .basic, operation: "info") { entry in
            let kind = kind(ofDocumentNamed: entry.name).identifier
            let size = entry.size ?? 0
            usage[kind, default: LibraryInfo.KindUsage(kind: kind, count: 0, bytes: 0)].count += 1
            usage[kind, default: LibraryInfo.KindUsage(kind: kind, count: 0, bytes: 0)].bytes += size
            count += 1
            bytes += size
        }
        let order = kinds.map(\.identifier) + [DocumentKind.generic.identifier]
        let trash = try trashUsage()
        return LibraryInfo(
            applicationVersion: applicationVersion, containerPath: container.root, documentCount: count,
            documentBytes: bytes,
            kinds: order.map { usage[$0] ?? LibraryInfo.KindUsage(kind: $0, count: 0, bytes: 0) },
            trashCount: trash.items, trashBytes: trash.bytes, currentDocument: try currentDocumentName())
    }
}
