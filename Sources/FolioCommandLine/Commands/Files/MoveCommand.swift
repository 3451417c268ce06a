import FolioFiles
import FolioSandbox

/// `folio mv`: move or rename, never overwriting unless forced.
enum MoveCommand {
    static let force = Flag("--force", "-f", help: "replace an existing destination atomically")
    static let source = Argument("SRC")
    static let target = Argument("DST", help: "the new path, or a directory to move SRC into")

    static let command = Command(
        "mv",
        summary: "move or rename (never overwrites unless --force; into DST when it is a directory)",
        parameters: [force, source, target]
    ) { arguments, context in
        let source = try SandboxPath(argument: arguments[Self.source])
        let target = try SandboxPath(argument: arguments[Self.target])
        let files = Files(try context.container())
        let destination = try files.destination(for: source, at: target)
        try files.move(source, to: destination, replacing: arguments[force])
        if context.wantsJSON {
            try context.printJSON(["from": source.description, "to": destination.description])
        }
    }
}
