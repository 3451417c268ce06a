import FolioCore
import FolioFiles
import FolioSandbox

extension SearchIndex {
    /// Brings the index up to date with `Documents/` and every folder in it: files new or
    /// changed (by size or modification time) since they were indexed are read, files gone are
    /// removed. On an empty (new, deleted, rebuilt) index this indexes everything.
    ///
    /// Files whose names begin with `.`, and everything in such folders, are not searched;
    /// neither are links or devices. A file that cannot be read as its kind is found by its name.
    /// - Returns: the files indexed and removed.
    /// - Throws: ``SearchError`` `.readFailed` when `Documents/` cannot be read, `.indexFailed`.
    /// - Complexity: one walk of `Documents/` (a `statx` per entry), then a read of each file that
    ///   changed; memory O(n) in the number of files.
    @discardableResult
    public func synchronize() throws(SearchError) -> SearchIndexUpdate {
        try synchronizeListingFolders().update
    }

    /// Synchronises the index (``synchronize()``) unless this `SearchIndex` already did:
    /// what a long-running program calls before a search.
    ///
    /// While a synchronisation runs (the first one of ``keepCurrent(onUpdate:)`` indexing a large
    /// library), this returns at once: the search then answers from what is indexed so far,
    /// which grows a batch of files at a time, rather than waiting for all of it.
    /// - Throws: what ``synchronize()`` throws.
    public func synchronizeIfNeeded() throws(SearchError) {
        _ = try synchronized.withLockIfAvailable { (done: inout Bool) throws(SearchError) in
            guard !done else { return }
            _ = try unlockedSynchronize()
            done = true
        }
    }

    /// ``synchronize()``, also returning every folder seen (`Documents/` first), to be watched.
    func synchronizeListingFolders() throws(SearchError) -> (update: SearchIndexUpdate, folders: [SandboxPath]) {
        try synchronized.withLock { (done: inout Bool) throws(SearchError) in
            let result = try unlockedSynchronize()
            done = true
            return result
        }
    }

    /// The work of ``synchronizeListingFolders()``, with ``synchronized`` held.
    private func unlockedSynchronize() throws(SearchError) -> (update: SearchIndexUpdate, folders: [SandboxPath]) {
        var onDisk: [String: (size: UInt64, modified: String)] = [:]
        var folders: [SandboxPath] = [.documents]
        do {
            let walker = try files.walk(
                .documents, options: WalkOptions(isRecursive: true, detail: .basic, includesHidden: false, threads: 0))
            for entry in walker {
                switch entry.type {
                case .regular:
                    onDisk[entry.path] = (entry.size ?? 0, entry.modificationTime?.description ?? "")
                case .directory:
                    if let folder = try? entry.sandboxPath(under: .documents) { folders.append(folder) }
                default:
                    continue
                }
            }
        } catch {
            throw SearchError(error, operation: "index")
        }
        let stored = try storedFiles()
        var update = SearchIndexUpdate()
        update.removed = stored.keys.filter { onDisk[$0] == nil }.sorted()
        let changed = onDisk.compactMap { path, disk -> String? in
            guard let known = stored[path], known.size == disk.size, known.modified == disk.modified else {
                return path
            }
            return nil
        }.sorted()
        var removals = update.removed
        var start = 0
        while start < changed.count || !removals.isEmpty {
            let batch = changed[start..<min(changed.count, start + SearchIndex.batchSize)]
            start += batch.count
            var texts: [IndexedText] = []
            for path in batch {
                if let text = try readText(path) {
                    texts.append(text)
                    update.indexed.append(path)
                } else {
                    removals.append(path)
                }
            }
            try store(texts, removing: removals)
            removals = []
        }
        return (update, folders)
    }

    /// Indexes again the files at `paths` (container paths), or removes them from the index
    /// when they are gone: what a change reported by the kernel asks for. Paths outside
    /// `Documents/`, hidden ones, and files whose version is the one indexed are left alone.
    ///
    /// - Returns: the files indexed and removed.
    /// - Throws: ``SearchError`` `.indexFailed`.
    /// - Complexity: a `statx` per path, a read of each file that changed.
    @discardableResult
    public func update(_ paths: [SandboxPath]) throws(SearchError) -> SearchIndexUpdate {
        var update = SearchIndexUpdate()
        var texts: [IndexedText] = []
        for path in Set(paths).sorted() where path.area == .documents && !path.isAreaRoot {
            let relative = path.components.joined(separator: "/")
            guard !path.components.contains(where: { $0.hasPrefix(".") }) else { continue }
            let stored = try storedVersion(of: relative)
            // A version that cannot be read is not the stored one: readText decides below.
            if let stored, let current = try? files.version(of: path), current.description == stored {
                continue
            }
            if let text = try readText(relative) {
                texts.append(text)
                update.indexed.append(relative)
            } else if stored != nil {
                update.removed.append(relative)
            }
            if texts.count >= SearchIndex.batchSize {
                try store(texts, removing: [])
                texts = []
            }
        }
        try store(texts, removing: update.removed)
        return update
    }
}
