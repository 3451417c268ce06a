import FolioArchive
import FolioCore
import FolioFiles
import FolioSandbox
import Foundation

extension DocumentLibrary {
    /// `Library/Trash/`.
    static let trashDirectory = fixedPath("Library/Trash")

    /// The documents in the trash, most recently deleted first (after purging those older than
    /// ``trashRetention``).
    ///
    /// An item directory that holds no document — left empty by a deletion that an older Folio
    /// was interrupted in — is removed on the way, so the trash lists exactly what it holds.
    /// - Complexity: O(n) in the number of items; each item's record is read.
    public func trashedDocuments() throws(DocumentError) -> [TrashItem] {
        try purgeExpiredTrash()
        var items: [TrashItem] = []
        try forEachTrashItem(operation: "list trash") { identifier, _ in
            if let item = try loadTrashItem(identifier) {
                items.append(item)
            } else {
                try removeIfEmpty(identifier)
            }
        }
        return items.sorted { ($0.deletionDate, $0.id) > ($1.deletionDate, $1.id) }
    }

    /// Puts a document back from the trash.
    ///
    /// `identifierOrName` is a trash item's ``TrashItem/id``, or a document's original name (the
    /// most recently deleted document of that name is restored). The document gets its original
    /// name back, or — when a document of that name exists again — the first free of
    /// `name 2.ext`, `name 3.ext`, …; nothing is overwritten. A document (or folder) deleted from
    /// a folder goes back to that folder, made again if it is gone (at the top level should the
    /// path now lead through something that is not a folder).
    /// - Returns: the restored document.
    /// - Throws: ``DocumentError`` `.notFound` when nothing in the trash matches.
    @discardableResult
    public func restore(_ identifierOrName: String) throws(DocumentError) -> Document {
        let item = try trashItem(identifierOrName, operation: "restore")
        return try DocumentError.translating("restore", subject: item.originalName) {
            // Taken out of the trash's listing first, so two restores cannot both take it, and a
            // restore killed half-way leaves either the item as it was or the document restored.
            let staged = try files.stage(
                existing: DocumentLibrary.trashDirectory.appending(item.id), restorable: true)
            let restored: SandboxPath
            do {
                let folder = try restoreFolder(for: item)
                restored = try files.move(
                    staged.path.appending(item.originalName), toFreeNameAt: folder.appending(item.originalName))
            } catch {
                staged.putBack()
                throw error
            }
            try staged.discard()
            let name = restored.components.joined(separator: "/")
            guard let document = try describeIfPresent(name, operation: "restore", includingFolders: true) else {
                throw DocumentError(
                    .notFound, operation: "restore", subject: restored.description,
                    reason: "the restored document disappeared as soon as it was restored")
            }
            return document
        }
    }

    /// Destroys one item of the trash for good, without waiting for its purge.
    ///
    /// `identifierOrName` is found as ``restore(_:)`` finds it: an item's ``TrashItem/id``, or a
    /// document's original name (the most recently deleted document of that name).
    /// - Returns: the item destroyed.
    /// - Throws: ``DocumentError`` `.notFound` when nothing in the trash matches (or another
    ///   process restored or destroyed it first).
    @discardableResult
    public func destroyTrashItem(_ identifierOrName: String) throws(DocumentError) -> TrashItem {
        let item = try trashItem(identifierOrName, operation: "delete from trash")
        let destroyed: Void? = try DocumentError.translating("delete from trash", subject: item.originalName) {
            try ifPresent { () throws(FileError) in
                try files.stage(existing: DocumentLibrary.trashDirectory.appending(item.id), restorable: false)
                    .discard()
            }
        }
        guard destroyed != nil else {
            throw DocumentError(
                .notFound, operation: "delete from trash", subject: FileName.quoted(identifierOrName),
                reason: "the item left the trash while it was being deleted")
        }
        return item
    }

    /// The trash item with this identifier, else the most recently deleted one of this name.
    ///
    /// - Throws: ``DocumentError`` `.notFound` when nothing in the trash matches.
    public func trashItem(_ identifierOrName: String, operation: String = "find in trash") throws(DocumentError)
        -> TrashItem
    {
        let items = try trashedDocuments()
        guard
            let item = items.first(where: { $0.id == identifierOrName })
                ?? items.first(where: { $0.originalPath == identifierOrName })
                ?? items.first(where: { $0.originalName == identifierOrName })
        else {
            throw DocumentError(
                .notFound, operation: operation, subject: FileName.quoted(identifierOrName),
                reason: "nothing in the trash has that name or identifier")
        }
        return item
    }

    /// The folder a restore of `item` puts it in: its original folder, made again when it is gone;
    /// `Documents/` when that path now leads through something that is not a folder.
    private func restoreFolder(for item: TrashItem) throws(DocumentError) -> SandboxPath {
        guard !item.originalFolder.isEmpty else { return .documents }
        let found: Result<SandboxPath, DocumentError> = Result { () throws(DocumentError) -> SandboxPath in
            try folderPath(item.originalFolder, operation: "restore")
        }
        switch found {
        case .success(let folder):
            return folder
        case .failure(let error) where error.code == DocumentError.Code.notAFolder:
            return .documents
        case .failure(let error) where error.code == DocumentError.Code.notFound:
            try makeFolders(item.originalFolder)
            return try folderPath(item.originalFolder, operation: "restore")
        case .failure(let error):
            throw error
        }
    }

    /// Makes the folder `path` and those it is in, where they are missing.
    private func makeFolders(_ path: String) throws(DocumentError) {
        let components = try DocumentLibrary.components(of: path, operation: "restore")
        for depth in 1...components.count {
            do throws(FileError) {
                let folder = try SandboxPath.documents.refusingSymbolicLinks().appending(
                    components: Array(components.prefix(depth)))
                try files.createDirectory(at: folder)
            } catch {
                // Made meanwhile, or there already: the caller checks what is there.
                guard error.code == FileError.Code.alreadyExists else {
                    throw DocumentError(error, operation: "restore")
                }
            }
        }
    }

    /// Destroys everything in the trash: with ``destroyTrashItem(_:)`` and the purge of old items,
    /// the only ways a document is lost for good.
    ///
    /// - Returns: the number of items destroyed.
    @discardableResult
    public func emptyTrash() throws(DocumentError) -> Int {
        try removeTrashItems(operation: "empty trash") { _ in true }
    }

    /// Destroys the trash items deleted longer than `age` ago.
    ///
    /// - Returns: the number of items destroyed.
    @discardableResult
    public func purgeTrash(olderThan age: Duration) throws(DocumentError) -> Int {
        let cutoff = clock().addingTimeInterval(-age.timeInterval)
        return try removeTrashItems(operation: "purge trash") { date in date < cutoff }
    }

    /// Purges the items older than ``trashRetention``.
    func purgeExpiredTrash() throws(DocumentError) {
        if let trashRetention {
            try purgeTrash(olderThan: trashRetention)
        }
    }

    /// The total size of the trash in bytes, and its number of items.
    func trashUsage() throws(DocumentError) -> (items: Int, bytes: UInt64) {
        let items = try trashedDocuments().count
        let bytes = try DocumentError.translating("info", subject: "Library/Trash") {
            let walker = try files.walk(DocumentLibrary.trashDirectory, options: WalkOptions(detail: .basic))
            var total: UInt64 = 0
            while let entry = walker.next() {
                if entry.type == .regular {
                    total += entry.size ?? 0
                }
            }
            return total
        }
        return (items, bytes)
    }

    private func removeTrashItems(operation: String, where condition: (Date) -> Bool) throws(DocumentError) -> Int {
        var removed = 0
        try forEachTrashItem(operation: operation) { identifier, date in
            guard condition(date) else { return }
            // Out of the listing in one rename, then taken apart: a crash in between leaves a
            // hidden directory that recovery removes, never a half-emptied item.
            let staged: Void? = try ifPresent { () throws(FileError) in
                try files.stage(existing: DocumentLibrary.trashDirectory.appending(identifier), restorable: false)
                    .discard()
            }
            guard staged != nil else { return }  // Another process removed or restored it first.
            removed += 1
        }
        return removed
    }

    /// Removes the trash item directory `identifier` when it holds nothing visible (no document).
    private func removeIfEmpty(_ identifier: String) throws {
        let directory = try DocumentLibrary.trashDirectory.appending(identifier)
        let entries: [WalkEntry]
        do {
            entries = try files.contentsOfDirectory(directory, detail: .names, includesHidden: true)
        } catch {
            guard error.code == .notFound else { throw error }
            return
        }
        guard entries.allSatisfy({ $0.name.hasPrefix(".") }) else { return }
        do {
            try files.stage(existing: directory, restorable: false).discard()
        } catch {
            // Gone already: another process listed the trash at the same moment.
            if error.code != .notFound { throw error }
        }
    }

    /// Calls `body` with the identifier and deletion date of each item directory in the trash.
    /// Entries that are not trash items are left alone.
    private func forEachTrashItem(
        operation: String,
        _ body: (String, Date) throws -> Void
    ) throws(DocumentError) {
        try DocumentError.translating(operation, subject: "Library/Trash") {
            let listed = try ifPresent { () throws(FileError) in
                try files.contentsOfDirectory(DocumentLibrary.trashDirectory, detail: .names)
            }
            guard let entries = listed else { return }
            for entry in entries where entry.type == .directory {
                if let date = TrashIdentifier.date(of: entry.name) {
                    try body(entry.name, date)
                }
            }
        }
    }

    /// The item in the trash directory `identifier`, or nil when it holds no document (a deletion
    /// that was interrupted).
    private func loadTrashItem(_ identifier: String) throws -> TrashItem? {
        let directory = try DocumentLibrary.trashDirectory.appending(identifier)
        var name: String?
        var folder = ""
        var date = TrashIdentifier.date(of: identifier) ?? Date(timeIntervalSince1970: 0)
        let recordPath = try directory.appending(TrashRecord.fileName)
        do throws(ArchiveError) {
            let record = try Archiver().unarchive(TrashRecord.self, from: recordPath, in: files)
            var components = record.originalPath.split(separator: "/").map(String.init)
            name = components.popLast()
            if components.first == "Documents" {
                // A folder path a record holds is used only when it is one a document could have.
                let relative = components.dropFirst().joined(separator: "/")
                folder = DocumentLibrary.isDocumentReference(relative) ? relative : ""
            }
            date = record.deletionDate
        } catch {
            guard [.notFound, .corrupt, .wrongType].contains(error.code) else { throw error }
            // The record is missing or damaged: the document inside still has its name.
            let entries = try files.contentsOfDirectory(directory, detail: .names)
            name =
                entries.first { (entry: WalkEntry) -> Bool in
                    let isItem = entry.type == FileType.regular || entry.type == FileType.directory
                    return isItem && DocumentLibrary.isDocumentName(entry.name)
                }?.name
        }
        guard let name, DocumentLibrary.isDocumentName(name) else { return nil }
        let attributes: FileAttributes
        do {
            attributes = try files.basicAttributes(of: directory.appending(name))
        } catch {
            guard error.code == .notFound else { throw error }
            return nil
        }
        guard attributes.type == .regular || attributes.type == .directory else { return nil }
        return trashItem(
            id: identifier, originalPath: Document.name(name, inFolder: folder), deletionDate: date,
            size: attributes.size,
            kind: attributes.type == .directory ? DocumentKind.folder : kind(ofDocumentNamed: name))
    }

    /// An item as this library's trash keeps it: purged ``trashRetention`` after its deletion.
    /// `originalPath` is the name it had in the library (`Projects/Nested.txt`).
    func trashItem(id: String, originalPath: String, deletionDate: Date, size: UInt64, kind: DocumentKind)
        -> TrashItem
    {
        var name = originalPath
        var folder = ""
        if let slash = originalPath.lastIndex(of: "/") {
            name = String(originalPath[originalPath.index(after: slash)...])
            folder = String(originalPath[..<slash])
        }
        let purgeDate = trashRetention.map { deletionDate.addingTimeInterval($0.timeInterval) }
        return TrashItem(
            id: id, originalName: name, originalFolder: folder, deletionDate: deletionDate, size: size, kind: kind,
            purgeDate: purgeDate, now: clock())
    }
}

/// What `body` returns, or nil when what it works on is not there (it fails with `.notFound`):
/// another process removed it first.
func ifPresent<Result>(_ body: () throws(FileError) -> Result) throws(FileError) -> Result? {
    do {
        return try body()
    } catch {
        guard error.code == .notFound else { throw error }
        return nil
    }
}
