import FolioFiles
import FolioSandbox

extension DocumentLibrary {
    /// The App Info panel: the application's version, the container's path, how many documents
    /// of each kind there are and their size (in `Documents/` and all its folders), how many
    /// folders, and the trash.
    ///
    /// - Parameter applicationVersion: the version of the program showing it (the library serves
    ///   any program).
    /// - Complexity: one `statx` per document, per folder and per file in the trash.
    public func info(applicationVersion: String) throws(DocumentError) -> LibraryInfo {
        var usage: [String: LibraryInfo.KindUsage] = [:]
        var count = 0
        var bytes: UInt64 = 0
        var folders = 0
        try DocumentError.translating("info", subject: SandboxPath.documents.description) {
            let walker = try files.walk(
                .documents, options: WalkOptions(isRecursive: true, detail: .basic, includesHidden: false, threads: 0))
            for entry in walker where DocumentLibrary.isDocumentReference(entry.path) {
                switch entry.type {
                case .directory:
                    folders += 1
                case .regular:
                    let kind = kind(ofDocumentNamed: entry.name).identifier
                    let size = entry.size ?? 0
                    usage[kind, default: LibraryInfo.KindUsage(kind: kind, count: 0, bytes: 0)].count += 1
                    usage[kind, default: LibraryInfo.KindUsage(kind: kind, count: 0, bytes: 0)].bytes += size
                    count += 1
                    bytes += size
                default:
                    continue
                }
            }
            if let problem = walker.problems.first {
                throw problem
            }
        }
        let order = kinds.map(\.identifier) + [DocumentKind.generic.identifier]
        let trash = try trashUsage()
        return LibraryInfo(
            applicationVersion: applicationVersion, containerPath: container.root, documentCount: count,
            documentBytes: bytes, folderCount: folders,
            kinds: order.map { usage[$0] ?? LibraryInfo.KindUsage(kind: $0, count: 0, bytes: 0) },
            trashCount: trash.items, trashBytes: trash.bytes, currentDocument: try currentDocumentName())
    }
}
