import FolioFiles
import FolioSandbox
import Foundation
import Synchronization

/// The library's documents in name and date order, kept in memory and brought up to date with
/// the kernel's change queue at every use: pages for a process that lists often and lives long
/// (`folio serve`), without a directory read per listing.
///
/// The queue is started before the directory is read, and every change queued since the last use
/// is read before a page is answered; the kernel queues a change before the call that made it
/// returns, so a page reflects every change completed before it was asked for — Folio's own and
/// other programs', a file still being written included. Each name a change mentions is described
/// again with one `statx`: what is on disk decides, never what the change seemed to say. When
/// the kernel lost changes (its queue overflowed) or `Documents/` itself was replaced, the
/// directory is read again. Folders are entries like documents; a folder's date is the one its
/// last change in `Documents/` showed (a change inside a folder is not followed here, as the
/// folder's own listing is read from its directory). Anything that goes wrong makes the listing read the directory as a
/// library without a live order does, so the live order never makes a listing fail.
///
/// A persistent cache of the date order cannot be exact: writing a file in place changes its
/// date and nothing about its directory, so only a process that watches can know. This one does.
/// - Complexity: memory O(n) for n documents; a page O(offset + limit + c) for c changes since the
///   last page (O(n) for one kind).
final class LiveDocumentOrder: Sendable {
    private struct State {
        var queue: DirectoryChangeQueue?
        var index: LiveDocumentIndex?
        /// Whether a thread is reading the directory for the first index (pages read it meanwhile).
        var isBuilding = false
    }

    private let state = Mutex<State>(State())

    /// The names of a page and the total, or nil when the live order cannot answer now (the
    /// caller reads the directory).
    func page(
        _ order: DocumentOrder, offset: Int, limit: Int, kind: DocumentKind?, library: DocumentLibrary
    ) -> (names: [String], total: Int)? {
        let wanted = kind.map { (kind: DocumentKind) -> Int in
            if kind == DocumentKind.generic { return LiveDocumentOrder.genericPosition }
            if kind == DocumentKind.folder { return LiveDocumentOrder.folderPosition }
            return library.kinds.firstIndex(of: kind) ?? Int.min
        }
        // Pages hold the order for well under a millisecond each (they wait for one another);
        // while the first index is read in the background, they read the directory themselves.
        return state.withLock { state in
            if state.index == nil && state.isBuilding { return nil }
            do {
                let index = try current(&state, library: library)
                let page = index.page(order, offset: offset, limit: limit, kind: wanted)
                return (page.names.map { String(decoding: $0, as: UTF8.self) }, page.total)
            } catch {
                // Read afresh next time; this listing reads the directory.
                state = State()
                return nil
            }
        }
    }

    /// Reads the directory on a thread of its own; pages read the directory themselves until it
    /// is done.
    func startInBackground(library: DocumentLibrary) {
        state.withLock { $0.isBuilding = true }
        Thread.detachNewThread { [self] in
            let built = try? LiveDocumentOrder.build(library: library)
            state.withLock { state in
                state.isBuilding = false
                if let built, state.index == nil {
                    (state.queue, state.index) = (built.queue, built.index)
                }
            }
        }
    }

    /// Reads the directory and starts following its changes.
    ///
    /// - Throws: ``DocumentError`` when `Documents/` cannot be read or watched.
    func start(library: DocumentLibrary) throws(DocumentError) {
        try DocumentError.translating("watch", subject: "Documents") {
            try state.withLock { state in
                state = State()
                _ = try current(&state, library: library)
            }
        }
    }

    /// Whether the order is held now (for tests: a listing answered from it).
    var isHeld: Bool {
        state.withLock { $0.index != nil }
    }

    /// The index with every queued change applied, read first when there is none.
    private func current(_ state: inout State, library: DocumentLibrary) throws -> LiveDocumentIndex {
        if let queue = state.queue, var index = state.index {
            let changes = try queue.pendingChanges()
            if !changes.contains(where: { $0.kind == .changesLost || $0.kind == .directoryGone }) {
                guard !changes.isEmpty else { return index }
                let described = try LiveDocumentOrder.described(LiveDocumentOrder.names(in: changes), library: library)
                // Held once while it changes, so its arrays are changed in place, not copied.
                state.index = nil
                index.update(described)
                state.index = index
                return index
            }
        }
        state = State()
        let built = try LiveDocumentOrder.build(library: library)
        state = State(queue: built.queue, index: built.index)
        return built.index
    }

    /// A change queue, then the index of the directory read after it started (with the changes
    /// made while it was read applied).
    private static func build(library: DocumentLibrary) throws -> (
        queue: DirectoryChangeQueue, index: LiveDocumentIndex
    ) {
        let queue = try library.files.changeQueue([.documents])
        let documents = try library.scanDocuments(detail: .basic, kind: nil) {
            [(name: [UInt8], date: Date, isFolder: Bool)]()
        } offer: { documents, name, entry in
            documents.append((Array(name), entry.modificationDate ?? .distantPast, entry.type == .directory))
        } merge: {
            $0 += $1
        }
        var index = LiveDocumentIndex(
            documents.map { document in
                let kind = LiveDocumentOrder.kindPosition(
                    String(decoding: document.name, as: UTF8.self), isFolder: document.isFolder, library)
                return (document.name, LiveDocumentIndex.Entry(date: document.date, kind: kind))
            })
        // What changed while the directory was read.
        index.update(try described(names(in: try queue.pendingChanges()), library: library))
        return (queue, index)
    }

    /// The names of `Documents/` the changes mention, each once.
    private static func names(in changes: [DirectoryChange]) -> [String] {
        var seen: Set<[UInt8]> = []
        var names: [String] = []
        func note(_ name: String) {
            if seen.insert(Array(name.utf8)).inserted { names.append(name) }
        }
        for change in changes where change.directory == .documents {
            if case .renamed(let fromDirectory, let fromName) = change.kind, fromDirectory == .documents {
                note(fromName)
            }
            note(change.name)
        }
        return names
    }

    /// What is on disk now under each name: an entry for a document, nil for anything else.
    private static func described(
        _ names: [String], library: DocumentLibrary
    ) throws -> [(name: [UInt8], entry: LiveDocumentIndex.Entry?)] {
        try names.map { name in
            guard DocumentLibrary.isDocumentName(name) else { return (Array(name.utf8), nil) }
            let path = try SandboxPath.documents.appending(name)
            let attributes: FileAttributes
            do throws(FileError) {
                attributes = try library.files.basicAttributes(of: path)
            } catch  where error.code == .notFound {
                return (Array(name.utf8), nil)
            }
            return (Array(name.utf8), entry(name, attributes, library))
        }
    }

    /// The index's entry for a document or folder with these attributes; nil for anything else.
    private static func entry(
        _ name: String, _ attributes: FileAttributes, _ library: DocumentLibrary
    ) -> LiveDocumentIndex.Entry? {
        switch attributes.type {
        case .regular:
            return LiveDocumentIndex.Entry(
                date: attributes.modificationDate, kind: kindPosition(name, isFolder: false, library))
        case .directory:
            return LiveDocumentIndex.Entry(date: attributes.modificationDate, kind: folderPosition)
        default:
            return nil
        }
    }

    /// The kind position of generic documents.
    static let genericPosition = -1
    /// The kind position of folders.
    static let folderPosition = -2

    /// The position of the document's kind in the library's kinds, ``genericPosition`` for
    /// generic, ``folderPosition`` for a folder.
    private static func kindPosition(_ name: String, isFolder: Bool, _ library: DocumentLibrary) -> Int {
        if isFolder { return folderPosition }
        return library.kinds.firstIndex(of: library.kind(ofDocumentNamed: name)) ?? genericPosition
    }
}
