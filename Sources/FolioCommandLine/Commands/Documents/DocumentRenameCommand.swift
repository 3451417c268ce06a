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
        let newTitle = arguments[newName]
        let renamed: Document
        switch Result(catching: { () throws(DocumentError) in try library.rename(document.name, to: newTitle) }) {
        case .success(let document):
            renamed = document
        case .failure(let error) where error.code == .alreadyExists:
            // The seed's sentence for the person, after the operation and the name it concerns.
            throw CommandFailure("\(error.operation) failed for \(error.subject): \(error.userMessage)")
        case .failure(let error):
            throw error
        }
        if context.wantsJSON {
            try context.printJSON(["from": document.name, "to": renamed.name])
        } else {
            context.output.line(
                "Renamed \(document.name) to \(renamed.name)")
        }
    }
}
