import FolioFiles
import FolioSandbox

/// `folio mv`: move or rename, never overwriting unless forced.
enum MoveCommand {
    static let force = Flag("--force", "-f", help: "replace an existing destination atomically")
    static let keepBoth = Flag(
        "--keep-both", help: "if the name is taken, move to the first free 'NAME 2.ext', … and print it")
    static let source = Argument("SRC")
    static let target = Argument("DST", help: "the new path, or a directory to move SRC into")

    static let command = Command(
        "mv",
        summary: "move or rename (never overwrites unless --force; into DST when it is a directory)",
        parameters: [force, keepBoth, source, target]
    ) { arguments, context in
        let source = try SandboxPath(argument: arguments[Self.source])
        let target = try SandboxPath(argument: arguments[Self.target])
        let files = Files(try context.container())
        if arguments[keepBoth] && arguments[force] {
            throw UsageError("--keep-both cannot be combined with --force")
        }
        var destination = try files.destination(for: source, at: target)
        if arguments[keepBoth] {
            destination = try files.move(source, toFreeNameAt: destination)
        } else {
            try files.move(source, to: destination, replacing: arguments[force])
        }
        if context.wantsJSON {
            try context.printJSON(
                ["from": source.description, "to": destination.description, "name": destination.name ?? ""])
        } else if arguments[keepBoth] {
            context.output.line(destination.description)
        }
    }
}
