import FolioDocuments

/// `folio doc delete`: the actions menu's Delete, with the confirmation.
enum DocumentDeleteCommand {
    static let name = OptionalArgument("NAME", help: "the document (default: the current one)")
    static let yes = Flag("--yes", "-y", help: "do not ask (needed without a terminal)")

    static let command = Command(
        "delete",
        summary: "move a document (the current one by default) to the trash, after confirmation",
        parameters: [name, yes],
        discussion: "When the current document is deleted, its neighbour becomes current, or a new untitled "
            + "document when it was the last one. 'folio doc trash restore NAME' brings a document back."
    ) { arguments, context in
        let library = try context.documentLibrary()
        let current = try library.currentDocumentName()
        let document =
            try arguments[name].map { try library.document(matching: $0) }
            ?? library.currentDocument()
        if !arguments[yes] {
            let question = DocumentPrompts.deleteQuestion(for: document, isCurrent: document.name == current)
            guard try context.confirm(question + " [y/N]") else {
                context.output.line("Kept \(document.name).")
                return
            }
        }
        let deletion = try library.delete(document.name)
        if context.wantsJSON {
            try context.printJSON(deletion)
            return
        }
        context.output.line("Moved \(document.name) to the trash.")
        if let newCurrent = deletion.newCurrent {
            context.output.line("Current document: \(newCurrent.name)")
        }
    }
}
