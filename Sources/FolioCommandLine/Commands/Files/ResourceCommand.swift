import FolioFiles
import FolioSandbox

/// `folio resource`: find a resource in the bundle.
enum ResourceCommand {
    static let name = Argument("NAME")
    static let type = Option("--type", valueName: "EXT", help: "the resource's extension, e.g. txt")
    static let directory = Option("--in", valueName: "DIR", help: "a directory of the bundle to look in")

    static let command = Command(
        "resource",
        summary: "find a resource in the bundle (Folio.app); without --type the first file with that name",
        parameters: [name, type, directory]
    ) { arguments, context in
        let name = arguments[Self.name]
        let container = try context.container()
        let files = Files(container)
        guard
            let path = try files.pathForResource(
                name, ofType: arguments[type], inDirectory: arguments[directory])
        else {
            let type = arguments[type].map { " of type '\($0)'" } ?? ""
            throw CommandFailure("resource failed for '\(name)'\(type): the bundle has no resource of that name")
        }
        if context.wantsJSON {
            try context.printJSON(["path": path.description, "absolutePath": container.displayPath(of: path)])
        } else {
            context.output.line(path.description)
        }
    }
}
