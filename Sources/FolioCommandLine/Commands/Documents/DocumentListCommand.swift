import FolioDocuments

/// `folio doc list`: the documents, sorted, a page at a time.
enum DocumentListCommand {
    static let command = Command(
        "list",
        summary: "list the documents (the current one marked *), by name or date",
        usage: "list [--sort name|date] [--reverse] [--offset N] [--limit N]",
        options: [
            .value("--sort", name: "KEY", help: "name (A to Z, numbers by value; the default) or date (newest first)"),
            .flag("--reverse", "-r", help: "the other way round"),
            .value("--offset", name: "N", help: "skip the first N documents"),
            .value("--limit", name: "N", help: "show at most N documents"),
        ]
    ) { arguments, context in
        try arguments.expectAtMost(0)
        var order = DocumentOrder.name
        switch arguments.value("--sort") ?? "name" {
        case "name": order = .name
        case "date": order = .date
        case let other: throw UsageError("unknown sort key '\(other)' (name or date)", usage: arguments.usage)
        }
        if arguments.flag("--reverse") {
            order = order.reversed
        }
        let offset = try arguments.integer("--offset") ?? 0
        let limit = try arguments.integer("--limit") ?? Int.max
        guard offset >= 0, limit >= 0 else {
            throw UsageError("--offset and --limit cannot be negative", usage: arguments.usage)
        }
        let library = try context.documentLibrary()
        let page = try library.documents(sortedBy: order, offset: offset, limit: limit)
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
