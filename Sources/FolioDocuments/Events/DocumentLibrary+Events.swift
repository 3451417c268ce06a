import FolioFiles
import FolioSandbox

extension DocumentLibrary {
    /// The changes to the library from now on — documents created, renamed, deleted and modified,
    /// and the current document changing — whoever makes them: this process, another `folio`, or
    /// another program.
    ///
    /// Watching starts before this returns (inotify on `Documents/`, its folders and
    /// `Library/Preferences/`), so every later change is reported, in order. A change in a folder
    /// names the item by its path (`Projects/Nested.txt`), and folders made, renamed or deleted are
    /// events of their own; when folders come or go the new ones are watched, and what appeared in
    /// them before the watch began is reported as created. The sequence remembers the names of the
    /// documents to tell a new document from a changed one; an atomic save by another program and
    /// Folio's own conflict-checked save are each one `.modified`. The current document is read
    /// when the preferences change, so a quick succession of selections may arrive as the last one.
    ///
    /// ```swift
    /// for try await event in try library.events() {
    ///     switch event {
    ///     case .created(let name), .modified(let name): reload(name)
    ///     case .renamed(let from, let to): rename(from, to)
    ///     case .deleted(let name): remove(name)
    ///     case .currentChanged(let name): select(name)
    ///     case .refreshNeeded: reloadAll()
    ///     }
    /// }
    /// ```
    /// For a view far away (a browser), bursts can be made calm: changes arriving within
    /// `gathering` of a first one are read together, and a batch of more than `refreshAbove`
    /// document events is told as one ``DocumentEvent/refreshNeeded`` (after which a change of
    /// the current document still comes as its own event).
    ///
    /// - Parameters:
    ///   - gathering: how long after a first change to keep reading before translating.
    ///   - refreshAbove: the most events of one batch told one by one; nil tells them all.
    /// - Throws: ``DocumentError`` when the directories cannot be watched.
    /// - Complexity: one directory read to start; memory O(n) in the number of documents.
    public func events(gathering: Duration = .zero, refreshAbove: Int? = nil) throws(DocumentError) -> DocumentEvents {
        let (watcher, known) = try watchLibrary(gathering: gathering)
        let translator = DocumentEventTranslator(
            known: known, current: try currentDocumentName(),
            preferencesDirectory: DocumentLibrary.preferencesDirectory,
            preferencesFile: LibraryPreferences.fileName)
        return DocumentEvents(
            watching: WatchedLibrary(watcher), translator: translator, library: self, gathering: gathering,
            refreshAbove: refreshAbove)
    }

    /// The most folders of `Documents/` watched (the system limits inotify watches); folders past
    /// it, in the order of a walk, are not.
    static let watchedFolderLimit = 4096

    /// Starts watching `Documents/`, its folders and the preferences, then reads the names of the
    /// documents and folders: a change made meanwhile is both read and reported.
    func watchLibrary(gathering: Duration) throws(DocumentError) -> (DirectoryWatcher, Set<String>) {
        var folders = try libraryTree().folders
        while true {
            let watcher = try DocumentError.translating("watch", subject: "Documents") {
                try files.watch(
                    [.documents, DocumentLibrary.preferencesDirectory] + folders.map(\.path), gathering: gathering)
            }
            let tree = try libraryTree()
            // Folders made before the watch began: watch them too, before anything is told.
            if Set(tree.folders.map(\.name)).isSubset(of: Set(folders.map(\.name))) {
                return (watcher, tree.names)
            }
            watcher.stop()
            folders = tree.folders
        }
    }

    /// The names of the documents and folders in `Documents/` and all its folders (hidden ones
    /// and symbolic links left out), and the folders to watch (at most ``watchedFolderLimit``).
    func libraryTree() throws(DocumentError) -> (names: Set<String>, folders: [(name: String, path: SandboxPath)]) {
        var names: Set<String> = []
        var folders: [(name: String, path: SandboxPath)] = []
        try DocumentError.translating("watch", subject: "Documents") {
            let walker = try files.walk(
                .documents, options: WalkOptions(isRecursive: true, detail: .names, includesHidden: false, threads: 0))
            for entry in walker {
                guard entry.type == .regular || entry.type == .directory,
                    DocumentLibrary.isDocumentReference(entry.path)
                else { continue }
                names.insert(entry.path)
                if entry.type == .directory, folders.count < DocumentLibrary.watchedFolderLimit {
                    folders.append((entry.path, try entry.sandboxPath(under: .documents)))
                }
            }
        }
        return (names, folders)
    }

    /// The names of the documents and folders now, or nil when they cannot be read (the view is
    /// told to refresh either way).
    func documentNames() -> Set<String>? {
        try? libraryTree().names
    }

    /// The current document's name as stored, or nil (outer) when the preferences cannot be read.
    func storedCurrentName() -> String?? {
        do {
            return .some(try currentDocumentName())
        } catch {
            return .none
        }
    }
}
