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
    /// - Returns: the trash item, and the new current document if it changed.
    /// - Throws: ``DocumentError`` `.notFound` when there is no such document.
    @discardableResult
    public func delete(_ name: String) throws(DocumentError) -> Deletion {
        let source = try documentPath(name, operation: "delete")
        try purgeExpiredTrash()
        guard let document = try describeIfPresent(name, operation: "delete") else {
            throw DocumentError(
                .notFound, operation: "delete", subject: source.description,
                reason: "there is no document with that name")
        }
        return try updatePreferences(operation: "delete") { preferences, rollback -> Deletion in
            let item = try moveToTrash(document, from: source)
            rollback.add("put \(source) back from the trash") { [self] in
                try putBack(item, at: source)
            }
            let wasCurrent = preferences.current == name
            preferences.forget(name)
            guard wasCurrent else { return Deletion(item: item, newCurrent: nil) }
            let replacement: Document
            if let neighbour = try neighbour(of: name, operation: "delete") {
                replacement = neighbour
            } else {
                replacement = try createUntitled(
                    kind: kinds.contains(document.kind) ? document.kind : defaultKind, rollback: &rollback)
            }
            preferences.current = replacement.name
            preferences.noteRecent(replacement.name)
            return Deletion(item: item, newCurrent: replacement)
        }
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
            let moved = try item.path.appending(document.name)
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
                id: identifier, originalName: document.name, deletionDate: date, size: document.size,
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
