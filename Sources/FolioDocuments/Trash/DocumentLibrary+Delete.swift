import FolioArchive
import FolioFiles
import FolioSandbox
import Foundation

extension DocumentLibrary {
    /// Moves the document `name` to the trash (`Library/Trash/`): the actions menu's Delete.
    ///
    /// The trash remembers the document's name and the deletion date; ``restore(_:)`` puts it
    /// back. When the document was current, its neighbour in name order becomes current, or a new
    /// untitled document of the same kind when it was the last one. Trash items older than
    /// ``trashRetention`` are purged first.
    ///
    /// The trash item is built under a hidden name — its record, then the document moved in with
    /// a no-clobber rename — and only then given its name, so the document is either still in
    /// `Documents/` or whole in the trash, and a listing never shows a half-made item, even after a
    /// crash (the container's recovery finishes or removes what a killed deletion left). When the
    /// deletion fails — a full disk — the document is where it was and nothing was added.
    /// A folder (`name` a folder's path) goes to the trash whole, with everything in it, and is
    /// restored whole; when the current document was inside it, its neighbour at the folder's
    /// level becomes current. A document in a folder is restored to that folder.
    /// - Returns: the trash item, and the new current document if it changed.
    /// - Throws: ``DocumentError`` `.notFound` when there is no such document.
    @discardableResult
    public func delete(_ name: String) throws(DocumentError) -> Deletion {
        let source = try documentPath(name, operation: "delete")
        try purgeExpiredTrash()
        guard let document = try describeIfPresent(name, operation: "delete", includingFolders: true) else {
            throw DocumentError(
                .notFound, operation: "delete", subject: source.description,
                reason: "there is no document with that name")
        }
        return try updatePreferences(operation: "delete") { preferences, rollback -> Deletion in
            let item = try moveToTrash(document, from: source)
            rollback.add("put \(source) back from the trash") { [self] in
                try putBack(item, at: source)
            }
            let wasCurrent = preferences.isCurrent(name, isFolder: document.isFolder)
            preferences.forget(name, isFolder: document.isFolder)
            guard wasCurrent else { return Deletion(item: item, newCurrent: nil) }
            let replacement: Document
            if let neighbour = try neighbour(of: name, operation: "delete") {
                replacement = neighbour
            } else {
                replacement = try createUntitled(
                    kind: kinds.contains(document.kind) ? document.kind : defaultKind,
                    in: try folderPath(document.folder, operation: "delete"), rollback: &rollback)
            }
            preferences.current = replacement.name
            preferences.noteRecent(replacement.name)
            return Deletion(item: item, newCurrent: replacement)
        }
    }

    /// Moves the item at the container path `path` to the trash when it is a document or folder
    /// of the library — a visible file or directory in `Documents/` or one of its folders — as
    /// ``delete(_:)`` does; nil, changing nothing, for anything else (a path outside `Documents/`,
    /// `Documents/` itself, a hidden file, a symbolic link): what a file manager removes for good.
    ///
    /// - Throws: ``DocumentError`` when the item is one and its deletion fails.
    public func deleteIfInLibrary(_ path: SandboxPath) throws(DocumentError) -> Deletion? {
        guard path.area == .documents, !path.isAreaRoot,
            path.components.allSatisfy(DocumentLibrary.isDocumentName)
        else { return nil }
        let name = path.components.joined(separator: "/")
        do {
            guard try describeIfPresent(name, operation: "delete", includingFolders: true) != nil else { return nil }
        } catch  where error.code == .notAFolder {
            return nil
        }
        return try delete(name)
    }

    /// Moves the current document to the trash (Dudel's `deleteCurrentFile`); see ``delete(_:)``.
    @discardableResult
    public func deleteCurrentDocument() throws(DocumentError) -> Deletion {
        try delete(try currentDocument().name)
    }

    /// Makes a trash item for `document` and moves the file into it.
    private func moveToTrash(_ document: Document, from source: SandboxPath) throws(DocumentError) -> TrashItem {
        try DocumentError.translating("delete", subject: source.description) {
            let date = clock()
            try files.createDirectory(at: DocumentLibrary.trashDirectory, withIntermediateDirectories: true)
            let identifier = TrashIdentifier.make(at: date)
            let item = try files.stageDirectory(at: DocumentLibrary.trashDirectory.appending(identifier))
            let moved = try item.path.appending(document.fileName)
            do {
                let record = TrashRecord(originalPath: source.description, deletionDate: date)
                try Archiver(format: .json).archive(
                    record, to: item.path.appending(TrashRecord.fileName), in: files, options: .exclusive)
                try files.move(source, to: moved)
            } catch {
                // Nothing was moved: take the hidden item away again, and report what failed.
                item.abandon()
                throw error
            }
            do {
                try item.publish()
            } catch {
                // The document goes back where it was; should even that fail, it stays in the
                // hidden item, which recovery turns into a trash item.
                try files.move(moved, to: source)
                item.abandon()
                throw error
            }
            return trashItem(
                id: identifier, originalPath: document.name, deletionDate: date, size: document.size,
                kind: document.kind)
        }
    }

    /// Moves the document of the trash item `item` back to `destination` (which must be free)
    /// and removes the item: a deletion taken back.
    private func putBack(_ item: TrashItem, at destination: SandboxPath) throws {
        let staged = try files.stage(
            existing: DocumentLibrary.trashDirectory.appending(item.id), restorable: true)
        do {
            try files.move(staged.path.appending(item.originalName), to: destination)
        } catch {
            staged.putBack()
            throw error
        }
        try staged.discard()
    }
}
