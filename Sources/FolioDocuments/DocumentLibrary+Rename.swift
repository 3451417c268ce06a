import FolioCore
import FolioFiles
import FolioSandbox

extension DocumentLibrary {
    /// Renames the document `name` to the title `newTitle`, keeping its extension: the rename form.
    ///
    /// `newTitle` is what a person types in the form (pre-filled with the document's
    /// ``Document/title``); the extension is added back (`Garden` → `Garden.dudeldoc`; typing
    /// `Garden.dudeldoc` gives the same). The name must follow the naming rules (no `/`, no `..`,
    /// no control characters, …) and not start with a dot. The rename is one
    /// `renameat2(RENAME_NOREPLACE)`: a name that is taken — even by a file created a moment ago
    /// by another program, after any list was read — is refused by the kernel and nothing changes;
    /// the error's reason (and its ``DocumentError/userMessage``) is the form's "A file with that
    /// name already exists! Please enter a different file name.", which every shell shows as it is.
    /// The current and recent documents follow the rename.
    ///
    /// - Returns: the renamed document.
    /// - Throws: ``DocumentError``: `.invalidName`, `.alreadyExists`, `.notFound`.
    /// A document in a folder (`Projects/Nested.txt`) stays in its folder. A folder is renamed the
    /// same way, its new name taken as typed (a folder has no extension); the current and recent
    /// documents inside it follow.
    @discardableResult
    public func rename(_ name: String, to newTitle: String) throws(DocumentError) -> Document {
        let source = try documentPath(name, operation: "rename")
        // Only a document or a folder is renamed: a symbolic link in Documents/ is not one,
        // whichever shell asks, so the answer and what happens always agree.
        guard let document = try describeIfPresent(name, operation: "rename", includingFolders: true) else {
            throw DocumentError(
                .notFound, operation: "rename", subject: source.description,
                reason: "there is no document with that name")
        }
        let newFileName =
            document.isFolder
            ? try proposedFolderName(newTitle) : try proposedName(renaming: document.fileName, to: newTitle)
        let newName = Document.name(newFileName, inFolder: document.folder)
        if newName == name {
            return document
        }
        let destination = try documentPath(newName, operation: "rename")
        return try relocate(
            document, named: name, from: source, to: destination, as: newName, operation: "rename",
            doing: "renamed")
    }

    /// A folder's new name checked against the naming rules.
    private func proposedFolderName(_ newTitle: String) throws(DocumentError) -> String {
        let subject = FileName.quoted(newTitle)
        if let rule = FileName.brokenRule(newTitle) {
            throw DocumentError(.invalidName, operation: "rename", subject: subject, reason: rule)
        }
        if newTitle.hasPrefix(".") {
            throw DocumentError(
                .invalidName, operation: "rename", subject: subject,
                reason: "a folder name cannot begin with '.' (the folder would be hidden)")
        }
        return newTitle
    }

    /// The name a rename of `name` to `newTitle` gives, checked against the naming rules: what a
    /// form can show before anything changes.
    ///
    /// - Throws: ``DocumentError`` `.invalidName`, naming the broken rule.
    public func proposedName(renaming name: String, to newTitle: String) throws(DocumentError) -> String {
        let subject = FileName.quoted(newTitle)
        if newTitle.isEmpty {
            throw DocumentError(.invalidName, operation: "rename", subject: subject, reason: "a name cannot be empty")
        }
        if let rule = FileName.brokenRule(newTitle) {
            throw DocumentError(.invalidName, operation: "rename", subject: subject, reason: rule)
        }
        let fileExtension = FileName.split(name.split(separator: "/").last.map(String.init) ?? name).extension
        var newName = newTitle
        if !fileExtension.isEmpty && FileName.split(newTitle).extension.lowercased() != fileExtension.lowercased() {
            newName = newTitle + "." + fileExtension
        }
        if let rule = FileName.brokenRule(newName) {
            throw DocumentError(.invalidName, operation: "rename", subject: subject, reason: rule)
        }
        if newName.hasPrefix(".") {
            throw DocumentError(
                .invalidName, operation: "rename", subject: subject,
                reason: "a document name cannot begin with '.' (the document would be hidden)")
        }
        return newName
    }
}

extension DocumentLibrary {
    /// Moves `item`, named `name`, from `source` to `destination` (named `newName` then) with one
    /// `renameat2(RENAME_NOREPLACE)`, checks that what moved is that item and not something put
    /// in its place meanwhile, and lets the current and recent documents follow: the one way a
    /// rename and a move change where a document is.
    func relocate(
        _ item: Document, named name: String, from source: SandboxPath, to destination: SandboxPath,
        as newName: String, operation: String, doing: String
    ) throws(DocumentError) -> Document {
        try updatePreferences(operation: operation) { preferences, rollback in
            if case .failure(let error) = Result(catching: { () throws(FileError) in
                try files.move(source, to: destination)
            }) {
                throw DocumentError(relocating: error, source: source, operation: operation)
            }
            rollback.add("\(operation) \(destination) back to \(source)") { [files] in
                try files.move(destination, to: source)
            }
            guard let moved = try describeIfPresent(newName, operation: operation, includingFolders: true),
                moved.version.isSameFile(as: item.version)
            else {
                throw DocumentError(
                    .notFound, operation: operation, subject: source.description,
                    reason: "there is no document with that name (it was replaced while being \(doing))")
            }
            preferences.rename(name, to: newName, isFolder: item.isFolder)
            return moved
        }
    }
}

extension DocumentError {
    /// The error of a rename or a move that failed with `error`: a taken name in the form's
    /// sentence, a vanished document in the library's words, anything else as the file error
    /// says, kept as the cause.
    fileprivate init(relocating error: FileError, source: SandboxPath, operation: String) {
        switch error.code {
        case .alreadyExists:
            self.init(
                .alreadyExists, operation: operation, subject: source.description,
                reason: DocumentError.nameTakenMessage, underlying: error)
        case .notFound:
            self.init(
                .notFound, operation: operation, subject: source.description,
                reason: "there is no document with that name", underlying: error)
        default:
            self.init(error, operation: operation, subject: source.description)
        }
    }
}
