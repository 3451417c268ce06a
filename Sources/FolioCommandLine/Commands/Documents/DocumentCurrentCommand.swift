import FolioDocuments

/// `folio doc current`: the current document.
enum DocumentCurrentCommand {
    static let command = Command(
        "current",
        summary: "show the current document (choosing one, or creating one, when there is none)"
    ) { _, context in
        let document = try context.documentLibrary().currentDocument()
        if context.wantsJSON {
            try context.printJSON(document)
        } else {
            context.output.line(document.name)
        }
    }
}
