import FolioDocuments

/// `folio doc mkdir`: New Folder.
enum DocumentMakeFolderCommand {
    static let folder = Argument("FOLDER", help: "the new folder (Projects, or Projects/2026 in an existing one)")

    static let command = Command(
        "mkdir",
        summary: "make a folder in Documents/ (or in one of its folders)",
        parameters: [folder]
    ) { arguments, context in
        let library = try context.documentLibrary()
        let made = try library.createFolder(DocumentFolderArgument.folder(arguments[folder]))
        if context.wantsJSON {
            try context.printJSON(made)
        } else {
            context.output.line("Made folder \(made.name)")
        }
    }
}
