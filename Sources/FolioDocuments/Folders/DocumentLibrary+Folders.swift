import FolioCore
import FolioFiles
import FolioSandbox

extension DocumentLibrary {
    /// Makes a folder in `Documents/` (or in one of its folders): the document browser's New Folder.
    ///
    /// `path` is the folder's path relative to `Documents/` (`Projects`, `Projects/2026`); its
    /// parent must exist, and the new name follows the naming rules and does not begin with a
    /// dot. The folder is made with one `mkdirat`, which fails for a name that is taken — by a
    /// document, a folder, anything — however recently.
    ///
    /// - Returns: the new folder, as a listing shows it (kind ``DocumentKind/folder``).
    /// - Throws: ``DocumentError``: `.invalidName`, `.alreadyExists`, `.notFound` (no parent),
    ///   `.notAFolder` (the parent is a document or a symbolic link).
    @discardableResult
    public func createFolder(_ path: String) throws(DocumentError) -> Document {
        let directory = try documentPath(path, operation: "new folder")
        do {
            try files.createDirectory(at: directory)
        } catch  where error.code == .alreadyExists {
            throw DocumentError(
                .alreadyExists, operation: "new folder", subject: directory.description,
                reason: DocumentError.nameTakenMessage, underlying: error)
        } catch {
            throw DocumentError(error, operation: "new folder", subject: directory.description)
        }
        return try folder(named: path, operation: "new folder")
    }

    /// The folder named `path` (relative to `Documents/`), as a listing shows it.
    ///
    /// - Throws: ``DocumentError`` `.notFound` when there is no folder of that name.
    public func folder(named path: String) throws(DocumentError) -> Document {
        try folder(named: path, operation: "open")
    }

    /// The document or folder named `name` (relative to `Documents/`), as a listing shows it.
    ///
    /// - Throws: ``DocumentError`` `.notFound` when there is neither.
    public func item(named name: String) throws(DocumentError) -> Document {
        guard let item = try describeIfPresent(name, operation: "open", includingFolders: true) else {
            throw DocumentError(
                .notFound, operation: "open", subject: "Documents/" + UntrustedText.escaped(name),
                reason: "there is no document or folder with that name")
        }
        return item
    }

    /// Moves the document or folder `name` into the folder `folder` (relative to `Documents/`;
    /// empty for the top level), keeping its name: Move to….
    ///
    /// The move is one `renameat2(RENAME_NOREPLACE)`: a name that is taken in the folder is
    /// refused and nothing changes. A folder cannot be moved into itself or into one of its own
    /// folders. The current and recent documents follow the move (all those inside a folder
    /// moved).
    ///
    /// - Returns: the document (or folder) where it is now.
    /// - Throws: ``DocumentError``: `.notFound`, `.alreadyExists`, `.intoItself`, `.notAFolder`.
    @discardableResult
    public func move(_ name: String, toFolder folder: String) throws(DocumentError) -> Document {
        let source = try documentPath(name, operation: "move")
        let target = try folderPath(folder, operation: "move")
        guard let item = try describeIfPresent(name, operation: "move", includingFolders: true) else {
            throw DocumentError(
                .notFound, operation: "move", subject: source.description,
                reason: "there is no document or folder with that name")
        }
        if item.isFolder && source.contains(target) {
            throw DocumentError(
                .intoItself, operation: "move", subject: source.description,
                reason: "a folder cannot be moved into itself or into one of its own folders")
        }
        let newName = Document.name(item.fileName, inFolder: folder)
        if newName == name {
            return item
        }
        let destination = try DocumentError.translating("move") { try target.appending(item.fileName) }
        return try relocate(
            item, named: name, from: source, to: destination, as: newName, operation: "move", doing: "moved")
    }

    /// The path of the folder `folder` (relative to `Documents/`; empty for `Documents/` itself),
    /// which must be a directory, not a document or a symbolic link.
    func folderPath(_ folder: String, operation: String) throws(DocumentError) -> SandboxPath {
        guard !folder.isEmpty else { return .documents }
        let path = try documentPath(folder, operation: operation)
        try requireFolders(
            leadingTo: DocumentError.translating(operation) { try path.appending("x") }, operation: operation)
        return path
    }

    /// The folder `path` described, or `.notFound`.
    private func folder(named path: String, operation: String) throws(DocumentError) -> Document {
        guard let folder = try describeIfPresent(path, operation: operation, includingFolders: true), folder.isFolder
        else {
            throw DocumentError(
                .notFound, operation: operation, subject: "Documents/" + UntrustedText.escaped(path),
                reason: "there is no folder with that name")
        }
        return folder
    }
}
