import FolioCore
import FolioDatabase
import FolioFiles
import FolioSandbox
import Foundation

extension SearchIndex {
    /// The size and modification time of every file in the index, by path below `Documents/`.
    func storedFiles() throws(SearchError) -> [String: (size: UInt64, modified: String)] {
        try SearchError.translating("index") {
            try pool.read { db in
                var stored: [String: (size: UInt64, modified: String)] = [:]
                try db.prepare("SELECT path, size, modified FROM entries").forEachRow { row in
                    stored[try row.value(at: 0)] = (
                        UInt64(clamping: try row.value(at: 1) as Int64), try row.value(at: 2)
                    )
                }
                return stored
            }
        }
    }

    /// The stored version of the file at `path` below `Documents/`, or nil when it is not indexed.
    func storedVersion(of path: String) throws(SearchError) -> String? {
        try SearchError.translating("index") {
            try pool.read { db in try db.fetchValue(String.self, "SELECT version FROM entries WHERE path = ?", path) }
        }
    }

    /// Writes `texts` into the index (replacing what it had for their paths) and removes
    /// `removals`, in one transaction.
    func store(_ texts: [IndexedText], removing removals: [String]) throws(SearchError) {
        guard !texts.isEmpty || !removals.isEmpty else { return }
        try SearchError.translating("index") {
            try pool.write { db in
                let find = try db.cachedStatement("SELECT id FROM entries WHERE path = ?")
                let removeText = try db.cachedStatement("DELETE FROM text WHERE rowid = ?")
                let removeEntry = try db.cachedStatement("DELETE FROM entries WHERE id = ?")
                for path in removals {
                    try find.bind(path)
                    guard let id = try find.fetchValue(Int64.self) else { continue }
                    try removeText.execute(id)
                    try removeEntry.execute(id)
                }
                let update = try db.cachedStatement(
                    "UPDATE entries SET kind = ?, size = ?, modified = ?, version = ? WHERE id = ?")
                let insert = try db.cachedStatement(
                    "INSERT INTO entries(path, kind, size, modified, version) VALUES (?, ?, ?, ?, ?)")
                let insertText = try db.cachedStatement("INSERT INTO text(rowid, name, body) VALUES (?, ?, ?)")
                for text in texts {
                    let size = Int64(clamping: text.size)
                    let id: Int64
                    try find.bind(text.path)
                    if let existing = try find.fetchValue(Int64.self) {
                        id = existing
                        try update.execute(arguments: [
                            text.kind.rawValue, size, text.modified.description, text.version, id,
                        ])
                        try removeText.execute(id)
                    } else {
                        try insert.execute(
                            arguments: [text.path, text.kind.rawValue, size, text.modified.description, text.version])
                        id = db.lastInsertedRowID
                    }
                    try insertText.execute(id, SearchableText.cleaned(text.name), text.body)
                }
            }
        }
    }

    /// Reads the file at `path` below `Documents/` for the index, or nil when it is not a
    /// regular, visible file there (missing, a folder, a link, a device).
    func readText(_ path: String) throws(SearchError) -> IndexedText? {
        let components = path.split(separator: "/").map(String.init)
        guard !components.isEmpty, !components.contains(where: { $0.hasPrefix(".") }),
            let name = components.last,
            let sandboxPath = try? SandboxPath.documents.appending(components: components)
        else { return nil }
        do {
            let attributes = try files.attributes(of: sandboxPath)
            guard attributes.type == .regular else { return nil }
            let kind = SearchKind(fileName: name)
            var body = ""
            var version = try files.version(of: sandboxPath)
            if kind != .generic && attributes.size <= UInt64(SearchableText.maximumFileSize) {
                do {
                    // The descriptor closes when `file` goes, on every path out.
                    let file = try files.open(sandboxPath, mode: .reading)
                    version = try file.version()
                    let contents = try file.readToEnd(limit: SearchableText.maximumFileSize)
                    try file.close()
                    body = SearchableText.text(of: contents, name: name, kind: kind)
                } catch  where !SearchIndex.meansGone(error) {
                    // Unreadable contents (no permission, grown past the limit): found by name.
                    body = ""
                }
            }
            return IndexedText(
                path: path, name: name, kind: kind, size: attributes.size, modified: attributes.modificationTime,
                version: version.description, body: body)
        } catch  where SearchIndex.meansGone(error) {
            return nil
        } catch {
            throw SearchError(error, operation: "index")
        }
    }

    /// Whether a file error says the file is not there to index (removed, or replaced by a
    /// folder or a link) rather than that reading failed.
    static func meansGone(_ error: FileError) -> Bool {
        [.notFound, .isDirectory, .notDirectory, .outsideContainer].contains(error.code)
    }
}
