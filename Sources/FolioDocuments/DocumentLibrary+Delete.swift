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
    /// The move is a no-clobber rename inside the container: the document is either still in
    /// `Documents/` or whole in the trash, even after a crash.
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
        let item = try moveToTrash(document, from: source)
        let newCurrent = try updatePreferences(operation: "delete") { preferences -> Document? in
            let wasCurrent = preferences.current == name
            preferences.forget(name)
            guard wasCurrent else { return nil }
            let replacement: Document
            if let neighbour = try neighbour(of: name, operation: "delete") {
                replacement = neighbour
            } else {
                replacement = try createUntitled(kind: kinds.contains(document.kind) ? document.kind : defaultKind)
            }
            preferences.current = replacement.name
            preferences.noteRecent(replacement.name)
            return replacement
        }
        return Deletion(item: item, newCurrent: newCurrent)
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
            let (identifier, item) = try makeTrashItemDirectory(at: date)
            do {
                let record = TrashRecord(originalPath: source.description, deletionDate: date)
                try Archiver(format: .json).archive(
                    record, to: item.appending(TrashRecord.fileName), in: files, options: .exclusive)
                try files.move(source, to: item.appending(document.name))
            } catch {
                // Nothing was moved: take the empty item away again, and report what failed.
                _ = try? files.remove(item, recursive: true)
                throw error
            }
            return TrashItem(
                id: identifier, originalName: document.name, deletionDate: date, size: document.size,
                kind: document.kind)
        }
    }

    /// Creates a fresh item directory in the trash.
    private func makeTrashItemDirectory(at date: Date) throws -> (String, SandboxPath) {
        while true {
            let identifier = TrashIdentifier.make(at: date)
            let item = try DocumentLibrary.trashDirectory.appending(identifier)
            do {
                try files.createDirectory(at: item)
                return (identifier, item)
            } catch let error as FileError where error.code == .alreadyExists {
                continue
            }
        }
    }
}
