import FolioDocuments

/// `folio doc select`: switch the current document.
enum DocumentSelectCommand {
    static let name = Argument("NAME")

    static let command = Command(
        "select",
        summary: "make a document current",
        parameters: [name]
    ) { arguments, context in
        let library = try context.documentLibrary()
        let document = try library.select(try library.document(matching: arguments[name]).name)
        if context.wantsJSON {
            try context.printJSON(document)
        } else {
            context.output.line("Current document: \(document.name)")
        }
    }
}
