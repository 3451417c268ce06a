import FolioDocuments

/// `folio doc list`: the documents, sorted, a page at a time.
enum DocumentListCommand {
    static let sort = Option(
        "--sort", valueName: "name|date",
        help: "name (A to Z, numbers by value; the default) or date (newest first); -name, -date reversed"
    ) { text throws(UsageError) -> DocumentOrder in
        do throws(DocumentError) {
            return try DocumentOrder(parsing: text)
        } catch {
            throw UsageError(error.reason)
        }
    }
    static let reverse = Flag("--reverse", "-r", help: "the other way round")
    static let offset = Option("--offset", valueName: "N", help: "skip the first N documents", parse: WholeNumber.parse)
    static let limit = Option("--limit", valueName: "N", help: "show at most N documents", parse: WholeNumber.parse)
    static let folder = OptionalArgument("FOLDER", help: "a folder of Documents/ to list (default: the top level)")

    static let command = Command(
        "list",
        summary: "list the documents and folders (the current one marked *), by name or date",
        parameters: [sort, reverse, offset, limit, folder],
        discussion: "Folders (kind folder) are sorted with the documents. In a folder, names are paths: Projects/a.txt."
    ) { arguments, context in
        var order = arguments[sort] ?? .name
        if arguments[reverse] {
            order = order.reversed
        }
        let offset = arguments[Self.offset] ?? 0
        let limit = arguments[Self.limit] ?? Int.max
        guard offset >= 0, limit >= 0 else {
            throw UsageError("--offset and --limit cannot be negative", usage: arguments.usage)
        }
        let library = try context.documentLibrary()
        let page = try library.documents(
            sortedBy: order, offset: offset, limit: limit, in: DocumentFolderArgument.folder(arguments[folder] ?? ""))
        let current = try library.currentDocumentName()
        if context.wantsJSON {
            try context.printJSON(
                ListReport(
                    documents: page.documents, total: page.total, offset: page.offset,
                    limit: limit == Int.max ? nil : limit, current: current))
            return
        }
        context.output.write(DocumentRows.table(page.documents, current: current).render())
        if page.documents.count < page.total {
            let first = page.documents.isEmpty ? offset : offset + 1
            context.output.line("(\(first)–\(offset + page.documents.count) of \(page.total) documents)")
        }
    }

    struct ListReport: Encodable {
        var documents: [Document]
        var total: Int
        var offset: Int
        var limit: Int?
        var current: String?
    }
}
