import FolioSandbox

/// `folio home`: create the container if needed and show its layout.
enum HomeCommand {
    static let command = Command(
        "home",
        summary: "show (and create) the Home container and its layout"
    ) { _, context in
        let container = try context.container()
        let areas: [SandboxPath] = [.documents, .library, .tmp, .bundle]
        let layout = try areas.flatMap { area -> [SandboxPath] in
            if area == .library {
                return try [area] + ["Preferences", "Caches", "Database", "Trash"].map { try area.appending($0) }
            }
            return [area]
        }
        if context.wantsJSON {
            let report = HomeReport(
                root: container.root,
                bundle: container.bundleDirectory,
                areas: layout.map {
                    HomeReport.Area(
                        path: $0.description, absolutePath: container.displayPath(of: $0),
                        isWritable: $0.area.isWritable)
                })
            try context.printJSON(report)
            return
        }
        context.output.line("Home: \(container.root)")
        var table = TextTable(alignments: [.left, .left])
        for path in layout {
            let note = path.area.isWritable ? "" : "read-only, \(container.bundleDirectory)"
            table.append(["  " + path.description + "/", note])
        }
        context.output.write(table.render())
    }

    struct HomeReport: Encodable {
        struct Area: Encodable {
            var path: String
            var absolutePath: String
            var isWritable: Bool
        }
        var root: String
        var bundle: String
        var areas: [Area]
    }
}
