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
/// The current document is read from the preferences when their file changes, so a view learns
/// the current document as it is when the change is read (a quick succession of selections may
/// be reported as the last one only).
/// - Complexity: memory O(n) in the number of documents (their names).
struct DocumentEventTranslator {
    /// The names of the documents as of the last change read.
    var known: Set<String>
    /// The current document as of the last change read.
    var current: String?
    /// The preferences directory and file whose changes may mean a new current document.
    let preferencesDirectory: SandboxPath
    let preferencesFile: String

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
        func appear(_ name: String) {
            if known.insert(name).inserted {
                events.append(.created(name))
            } else {
                events.append(.modified(name))
            }
        }
        func disappear(_ name: String) {
            if known.remove(name) != nil {
                events.append(.deleted(name))
            }
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
                events.append(.refreshNeeded)
                continue
            }
            if change.directory == preferencesDirectory {
                preferencesChanged = preferencesChanged || change.name == preferencesFile
                continue
            }
            guard change.directory == .documents, !change.isDirectory else { continue }
            let name = change.name
            let isDocument = DocumentLibrary.isDocumentName(name)
            switch change.kind {
            case .created, .movedIn:
                if isDocument { appear(name) }
            case .deleted, .movedOut:
                if isDocument { disappear(name) }
            case .modified, .attributesChanged:
                if isDocument { wrote(name) }
            case .renamed(let fromDirectory, let fromName):
                let fromDocument = fromDirectory == .documents && DocumentLibrary.isDocumentName(fromName)
                switch (fromDocument, isDocument) {
                case (true, true):
                    if known.remove(fromName) != nil {
                        known.insert(name)
                        events.append(.renamed(from: fromName, to: name))
                    } else {
                        appear(name)
                    }
                case (false, true):
                    // A hidden file renamed over the name: another program's atomic save.
                    appear(name)
                case (true, false):
                    // Renamed to a hidden name: gone, unless it is the other half of a swap.
                    let swapped = changes.contains {
                        $0.name == fromName && $0.kind == .renamed(fromDirectory: .documents, fromName: name)
                    }
                    if !swapped { disappear(fromName) }
                case (false, false):
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
}
