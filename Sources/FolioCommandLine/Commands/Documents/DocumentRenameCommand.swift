import FolioDocuments

/// `folio doc rename`: the rename form.
enum DocumentRenameCommand {
    static let name = Argument("NAME")
    static let newName = Argument("NEW", help: "the new title; the extension is kept")

    static let command = Command(
        "rename",
        summary: "rename a document, keeping its extension (never replacing another)",
        parameters: [name, newName],
        discussion: "NEW is the new title: 'folio doc rename \"Untitled 2026-11-29 20.57.33\" Garden' gives "
            + "Garden.dudeldoc."
    ) { arguments, context in
        let library = try context.documentLibrary()
        let document = try library.document(matching: arguments[name])
        let renamed = try library.rename(document.name, to: arguments[newName])
        if context.wantsJSON {
            try context.printJSON(["from": document.name, "to": renamed.name])
        } else {
            context.output.line(
                "Renamed \(document.name) to \(renamed.name)")
        }
    }
}
