import FolioDocuments

/// `folio doc new`: the actions menu's New.
enum DocumentNewCommand {
    static let kind = Option("--kind", valueName: "drawing|note", help: "drawing (the default) or note")
    static let folder = Option("--in", valueName: "FOLDER", help: "create it in this folder of Documents/")

    static let command = Command(
        "new",
        summary: "create an untitled document and make it current",
        parameters: [kind, folder],
        discussion: "The name is 'Untitled' and the time; a second one in the same second is numbered."
    ) { arguments, context in
        let library = try context.documentLibrary()
        let kind = try arguments.value(Self.kind, parsedBy: library.kind(identifier:))
        let document = try library.createDocument(
            kind: kind, in: DocumentFolderArgument.folder(arguments[folder] ?? ""))
        if context.wantsJSON {
            try context.printJSON(document)
        } else {
            context.output.line(document.name)
        }
    }
}
