import FolioDocuments

/// `folio doc info`: the App Info panel.
enum DocumentInfoCommand {
    static let command = Command(
        "info",
        summary: "show the app info: version, container, documents by kind, trash"
    ) { _, context in
        let info = try context.documentLibrary().info(applicationVersion: FolioCLI.version)
        if context.wantsJSON {
            try context.printJSON(info)
            return
        }
        func amount(_ count: Int, _ bytes: UInt64) -> String {
            "\(count) (\(Format.size(bytes)))"
        }
        var table = TextTable(alignments: [.left, .left])
        table.append(["Folio", info.applicationVersion])
        table.append(["Container", info.containerPath])
        table.append(["Documents", amount(info.documentCount, info.documentBytes)])
        for usage in info.kinds where usage.count > 0 {
            table.append(["  " + usage.kind, amount(usage.count, usage.bytes)])
        }
        table.append(["Folders", "\(info.folderCount)"])
        table.append(["Trash", amount(info.trashCount, info.trashBytes)])
        table.append(["Current", info.currentDocument ?? "none"])
        context.output.write(table.render())
    }
}
