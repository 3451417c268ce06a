import FolioFiles
import FolioSandbox

/// `folio resource`: find a resource in the bundle.
enum ResourceCommand {
    static let command = Command(
        "resource",
        summary: "find a resource in the bundle (Folio.app); without --type the first file with that name",
        usage: "resource NAME [--type EXT] [--in DIR]",
        options: [
            .value("--type", name: "EXT", help: "the resource's extension, e.g. txt"),
            .value("--in", name: "DIR", help: "a directory of the bundle to look in"),
        ]
    ) { arguments, context in
        try arguments.expectAtMost(1)
        let name = try arguments.positional(0, "NAME")
        let container = try context.container()
        let files = Files(container)
        guard
            let path = try files.pathForResource(
                name, ofType: arguments.value("--type"), inDirectory: arguments.value("--in"))
        else {
            let type = arguments.value("--type").map { " of type '\($0)'" } ?? ""
            throw CommandFailure("resource failed for '\(name)'\(type): the bundle has no resource of that name")
        }
        if context.wantsJSON {
            try context.printJSON(["path": path.description, "absolutePath": container.displayPath(of: path)])
        } else {
            context.output.line(path.description)
        }
    }
}
