import FolioFiles
import FolioSandbox

extension DocumentLibrary {
    /// The changes to the library from now on — documents created, renamed, deleted and modified,
    /// and the current document changing — whoever makes them: this process, another `folio`, or
    /// another program.
    ///
    /// Watching starts before this returns (inotify on `Documents/` and `Library/Preferences/`),
    /// so every later change is reported, in order. The sequence remembers the names of the
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
        let watcher = try DocumentError.translating("watch", subject: "Documents") {
            try files.watch([.documents, DocumentLibrary.preferencesDirectory], gathering: gathering)
        }
        var known: Set<String> = []
        try forEachDocumentEntry(detail: .names, operation: "watch") { known.insert($0.name) }
        let translator = DocumentEventTranslator(
            known: known, current: try currentDocumentName(),
            preferencesDirectory: DocumentLibrary.preferencesDirectory,
            preferencesFile: LibraryPreferences.fileName)
        return DocumentEvents(watcher: watcher, translator: translator, library: self, refreshAbove: refreshAbove)
    }

    /// The names of the documents now, or nil when they cannot be read (the view is told to
    /// refresh either way).
    func documentNames() -> Set<String>? {
        var names: Set<String> = []
        do {
            try forEachDocumentEntry(detail: .names, operation: "watch") { names.insert($0.name) }
            return names
        } catch {
            return nil
        }
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
