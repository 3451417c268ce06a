import FolioDocuments

/// `folio doc select`: switch the current document.
enum DocumentSelectCommand {
    static let command = Command(
        "select",
        summary: "make a document current",
        usage: "select NAME"
    ) { arguments, context in
        try arguments.expectAtMost(1)
        let library = try context.documentLibrary()
        let document = try library.select(try library.document(matching: arguments.positional(0, "NAME")).name)
        if context.wantsJSON {
            try context.printJSON(document)
        } else {
            context.output.line("Current document: \(document.name)")
        }
    }
}
