import FolioDocuments

/// `folio doc move`: Move to… — a document or folder into another folder.
enum DocumentMoveCommand {
    static let name = Argument("NAME", help: "the document or folder (Projects/a.txt in a folder)")
    static let folder = Argument("FOLDER", help: "the folder to move it into; / (or .) for the top level")

    static let command = Command(
        "move",
        summary: "move a document or folder into a folder (never replacing anything)",
        parameters: [name, folder],
        discussion: "'folio doc move Garden.dudeldoc Projects' gives Projects/Garden.dudeldoc; "
            + "'folio doc move Projects/Garden.dudeldoc /' moves it back to the top level."
    ) { arguments, context in
        let library = try context.documentLibrary()
        let document = try library.document(matching: arguments[name])
        let moved = try library.move(document.name, toFolder: DocumentFolderArgument.folder(arguments[folder]))
        if context.wantsJSON {
            try context.printJSON(moved)
        } else {
            context.output.line("Moved \(document.name) to \(moved.name)")
        }
    }
}
