import FolioFiles
import FolioSandbox

extension SearchIndex {
    /// Keeps the index current until the task is cancelled: brings it up to date
    /// (``synchronize()``), then applies each change the kernel reports in `Documents/` and its
    /// folders — a note saved, a drawing renamed, a table deleted, by Folio or by any other
    /// program — as it happens (``update(_:)``).
    ///
    /// A folder created, moved or removed, or changes lost by the kernel, start it over: the
    /// folders are watched again and the index synchronised. Watching starts before each
    /// synchronisation, so no change falls between the two.
    ///
    /// ```swift
    /// let keeper = Task.detached { try await index.keepCurrent() }
    /// // …
    /// keeper.cancel()
    /// ```
    /// - Parameter onUpdate: called after each pass that changed the index (tests wait on it).
    /// - Throws: ``SearchError`` when the folders cannot be watched or read, or the index fails.
    public func keepCurrent(onUpdate: (@Sendable (SearchIndexUpdate) -> Void)? = nil) async throws {
        var folders: [SandboxPath] = [.documents]
        while !Task.isCancelled {
            let watcher: DirectoryWatcher
            do {
                watcher = try files.watch(folders, gathering: .milliseconds(50))
            } catch {
                throw SearchError(error, operation: "watch")
            }
            defer { watcher.stop() }
            let (initial, found) = try synchronizeListingFolders()
            onUpdate?(initial)
            guard Set(found) == Set(folders) else {
                // Folders the watch does not cover: watch them too before anything else.
                folders = found
                continue
            }
            var startOver = false
            for try await batch in watcher {
                var paths: [SandboxPath] = []
                for change in batch {
                    switch change.kind {
                    case .changesLost, .directoryGone:
                        startOver = true
                    case .renamed(let fromDirectory, let fromName):
                        startOver = startOver || change.isDirectory
                        paths += [
                            change.directory.appendingIfValid(change.name), fromDirectory.appendingIfValid(fromName),
                        ]
                        .compactMap { $0 }
                    default:
                        startOver = startOver || (change.isDirectory && change.kind != .modified)
                        if let path = change.directory.appendingIfValid(change.name) { paths.append(path) }
                    }
                }
                let applied = try update(paths)
                if !applied.isEmpty { onUpdate?(applied) }
                if startOver { break }
            }
            if !startOver { return }
        }
    }
}

extension SandboxPath {
    /// The path of `name` in this directory, or nil when `name` breaks the naming rules (another
    /// program may have chosen it).
    fileprivate func appendingIfValid(_ name: String) -> SandboxPath? {
        guard !name.isEmpty else { return nil }
        return try? appending(name)
    }
}
