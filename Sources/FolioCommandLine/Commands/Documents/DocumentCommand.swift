import FolioDocuments

/// `folio doc`: the document library — Dudel's actions menu on the command line.
enum DocumentCommand {
    static let command = Command(
        group: "doc",
        summary:
            "the document library: list, new, current, select, rename, delete, trash, info, move, mkdir, export, send",
        subcommands: [
            DocumentListCommand.command,
            DocumentNewCommand.command,
            DocumentCurrentCommand.command,
            DocumentSelectCommand.command,
            DocumentRenameCommand.command,
            DocumentDeleteCommand.command,
            DocumentTrashCommand.command,
            DocumentInfoCommand.command,
            DocumentShowCommand.command,
            DocumentSaveCommand.command,
            DocumentMoveCommand.command,
            DocumentMakeFolderCommand.command,
            DocumentExportCommand.command,
            DocumentSendCommand.command,
        ],
        discussion: """
            Documents are the files in Documents/: drawings (.dudeldoc) and notes (.txt) that Folio
            creates, and any other file. NAME is a document's file name, or its title when only one
            document has it (Garden for Garden.dudeldoc). New names never overwrite a document,
            renames never replace one, and delete moves a document to the trash (Library/Trash),
            from which 'folio doc trash restore NAME' brings it back. Folders of Documents/ are
            listed with the documents; a document in a folder is named by its path (Projects/a.txt),
            and 'folio doc mkdir', 'doc move', 'doc rename' and 'doc delete' work on folders too.
            """)
}

extension CommandContext {
    /// The document library of the container.
    func documentLibrary() throws -> DocumentLibrary {
        DocumentLibrary(container: try container())
    }
}
