import FolioDocuments
import FolioSandbox

/// `folio doc trash`: list, restore from, delete from, or empty the trash.
enum DocumentTrashCommand {
    static let action = OptionalArgument("ACTION", help: "list (the default), restore, delete or empty")
    static let name = OptionalArgument("NAME", help: "with restore or delete: the item")
    static let yes = Flag("--yes", "-y", help: "delete or empty without asking (needed without a terminal)")

    static let command = Command(
        "trash",
        summary: "list the trash, restore a document from it or delete one for good, or empty it",
        parameters: [action, name, yes],
        usage: "[list | restore NAME | delete NAME [--yes] | empty [--yes]]",
        discussion: """
            NAME is a document's original name (the most recently deleted one of that name) or an
            item's ID from the list. A restored document gets its name back, or a numbered one when
            that name is taken again. Items are purged after 30 days (LEFT in the list says when);
            delete destroys one item now, empty all of them.
            """
    ) { arguments, context in
        let library = try context.documentLibrary()
        let extra = arguments[name]
        switch arguments[action] ?? "list" {
        case "list":
            if let extra { throw UsageError("unexpected argument '\(extra)'", usage: arguments.usage) }
            let items = try library.trashedDocuments()
            if context.wantsJSON {
                try context.printJSON(items)
            } else if items.isEmpty {
                context.output.line("The trash is empty.")
            } else {
                context.output.write(DocumentRows.table(items).render())
            }
        case "restore":
            guard let extra else { throw UsageError("missing NAME", usage: arguments.usage) }
            let document = try library.restore(extra)
            if context.wantsJSON {
                try context.printJSON(document)
            } else {
                context.output.line("Restored \(document.name)")
            }
        case "delete":
            guard let extra else { throw UsageError("missing NAME", usage: arguments.usage) }
            let found = try library.trashItem(extra, operation: "delete from trash")
            if !arguments[yes] {
                let question = "This will destroy \(FileName.quoted(found.originalName)) for good. Delete it? [y/N]"
                guard try context.confirm(question) else {
                    context.output.line("Kept it in the trash.")
                    return
                }
            }
            let item = try library.destroyTrashItem(found.id)
            if context.wantsJSON {
                try context.printJSON(item)
            } else {
                context.output.line("Destroyed \(item.originalName).")
            }
        case "empty":
            if let extra { throw UsageError("unexpected argument '\(extra)'", usage: arguments.usage) }
            let count = try library.trashedDocuments().count
            if count > 0 && !arguments[yes] {
                let things = count == 1 ? "1 document" : "\(count) documents"
                guard
                    try context.confirm("This will destroy the \(things) in the trash for good. Empty the trash? [y/N]")
                else {
                    context.output.line("Kept the trash.")
                    return
                }
            }
            let removed = try library.emptyTrash()
            if context.wantsJSON {
                try context.printJSON(["removed": removed])
            } else {
                context.output.line(removed == 1 ? "Destroyed 1 document." : "Destroyed \(removed) documents.")
            }
        case let other:
            throw UsageError(
                "unknown trash action '\(other)' (list, restore, delete or empty)", usage: arguments.usage)
        }
    }
}
