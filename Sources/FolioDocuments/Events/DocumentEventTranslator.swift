import FolioFiles
import FolioSandbox

/// Turns batches of directory changes into document events, in the order they happened.
///
/// Raw changes do not map one to one onto what a person would call an event: another program's
/// atomic save is a hidden file renamed over the document, Folio's conflict-checked save swaps the
/// document with a hidden file, moving a document to the trash moves it out of `Documents/`. So
/// the translator remembers which documents exist, and reads each change in that light: a hidden
/// file renamed over a document modifies it; a swap with a hidden file is one modification; a
/// document renamed to a hidden name or moved away is deleted; a write reported right after a
/// file appeared or changed is part of that change.
///
/// Folders of `Documents/` are items too: one made, renamed or deleted is an event of its own
/// (what was in it goes or moves with it, without an event each), and a change inside a folder
/// names the item by its path, `Projects/Nested.txt`. ``foldersChanged`` tells the watcher to
/// watch the folders again.
///
/// The current document is read from the preferences when their file changes, so a view learns
/// the current document as it is when the change is read (a quick succession of selections may
/// be reported as the last one only).
/// - Complexity: memory O(n) in the number of documents (their names).
struct DocumentEventTranslator {
    /// The names of the documents and folders as of the last change read, relative to
    /// `Documents/` (`Projects/Nested.txt` for one in a folder).
    var known: Set<String>
    /// The current document as of the last change read.
    var current: String?
    /// The preferences directory and file whose changes may mean a new current document.
    let preferencesDirectory: SandboxPath
    let preferencesFile: String
    /// Whether a folder appeared, went away or was renamed in the last batch: the folders watched
    /// must be read again.
    private(set) var foldersChanged = false

    /// The events for one batch.
    ///
    /// - Parameters:
    ///   - readCurrent: the current document now, or `.none` when it cannot be read (called only
    ///     when the preferences changed).
    ///   - listDocuments: the names of the documents now, or nil when they cannot be read (called
    ///     only when changes were lost).
    mutating func translate(
        _ changes: [DirectoryChange],
        readCurrent: () -> String??,
        listDocuments: () -> Set<String>? = { nil }
    ) -> [DocumentEvent] {
        var events: [DocumentEvent] = []
        var preferencesChanged = false
        foldersChanged = false
        // Folders renamed or gone earlier in the batch: the watches inside them still report
        // under the old paths until the folders are watched again.
        var renamedFolders: [(from: String, to: String)] = []
        var goneFolders: [String] = []
        func now(_ name: String?) -> String? {
            guard var name else { return nil }
            for (from, to) in renamedFolders where name.hasPrefix(from + "/") {
                name = to + name.dropFirst(from.count)
            }
            return goneFolders.contains { name.hasPrefix($0 + "/") } ? nil : name
        }
        func appear(_ name: String) {
            if known.insert(name).inserted {
                events.append(.created(name))
            } else {
                events.append(.modified(name))
            }
        }
        func disappear(_ name: String, folder: Bool) {
            if known.remove(name) != nil {
                events.append(.deleted(name))
            }
            if folder {
                known = known.filter { !$0.hasPrefix(name + "/") }
                goneFolders.append(name)
            }
        }
        func rename(_ from: String, to name: String, folder: Bool) {
            guard known.remove(from) != nil else { return appear(name) }
            known.insert(name)
            if folder {
                let inside = known.filter { $0.hasPrefix(from + "/") }
                known.subtract(inside)
                known.formUnion(inside.map { name + $0.dropFirst(from.count) })
                renamedFolders.append((from, name))
            }
            events.append(.renamed(from: from, to: name))
        }
        // A write reported right after the file appeared or changed is part of that change.
        func wrote(_ name: String) {
            guard known.contains(name) else { return appear(name) }
            if events.last != .created(name) && events.last != .modified(name) {
                events.append(.modified(name))
            }
        }
        for change in changes {
            if change.kind == .changesLost {
                if let names = listDocuments() {
                    known = names
                }
                foldersChanged = true
                events.append(.refreshNeeded)
                continue
            }
            if change.directory == preferencesDirectory {
                preferencesChanged = preferencesChanged || change.name == preferencesFile
                continue
            }
            let name = now(Self.libraryName(change.name, in: change.directory))
            let folder = change.isDirectory
            switch change.kind {
            case .created, .movedIn:
                guard let name else { continue }
                foldersChanged = foldersChanged || folder
                appear(name)
            case .deleted, .movedOut:
                guard let name else { continue }
                foldersChanged = foldersChanged || folder
                disappear(name, folder: folder)
            case .modified, .attributesChanged:
                // A folder's own times change with what is in it: not a change a person sees.
                guard let name, !folder else { continue }
                wrote(name)
            case .renamed(let fromDirectory, let fromName):
                switch (now(Self.libraryName(fromName, in: fromDirectory)), name) {
                case (.some(let from), .some(let name)):
                    foldersChanged = foldersChanged || folder
                    rename(from, to: name, folder: folder)
                case (.none, .some(let name)):
                    // A hidden file renamed over the name: another program's atomic save.
                    foldersChanged = foldersChanged || folder
                    appear(name)
                case (.some(let from), .none):
                    // Renamed to a hidden name: gone, unless it is the other half of a swap.
                    let swapped = changes.contains {
                        $0.name == fromName && $0.directory == fromDirectory
                            && $0.kind == .renamed(fromDirectory: change.directory, fromName: change.name)
                    }
                    if !swapped {
                        foldersChanged = foldersChanged || folder
                        disappear(from, folder: folder)
                    }
                case (.none, .none):
                    break
                }
            case .changesLost, .directoryGone:
                break
            }
        }
        if preferencesChanged, let now = readCurrent(), now != current {
            current = now
            events.append(.currentChanged(now))
        }
        return events
    }

    /// The library name of the entry `name` in `directory` (`Projects/Nested.txt`), or nil when it
    /// is not an item of the library (hidden, an invalid name, outside `Documents/`).
    static func libraryName(_ name: String, in directory: SandboxPath) -> String? {
        guard directory.isInLibrary, DocumentLibrary.isDocumentName(name) else { return nil }
        return (directory.components + [name]).joined(separator: "/")
    }
}

extension SandboxPath {
    /// Whether this is `Documents/` or one of its folders (whose names are all visible).
    fileprivate var isInLibrary: Bool {
        area == .documents && components.allSatisfy(DocumentLibrary.isDocumentName)
    }
}
