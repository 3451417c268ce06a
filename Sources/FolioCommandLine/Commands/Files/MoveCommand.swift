import FolioFiles
import FolioSandbox

/// `folio mv`: move or rename, never overwriting unless forced.
enum MoveCommand {
    static let command = Command(
        "mv",
        summary: "move or rename (never overwrites unless --force; into DST when it is a directory)",
        usage: "mv [--force] SRC DST",
        options: [.flag("--force", "-f", help: "replace an existing destination atomically")]
    ) { arguments, context in
        try arguments.expectAtMost(2)
        let source = try SandboxPath(argument: try arguments.positional(0, "SRC"))
        let target = try SandboxPath(argument: try arguments.positional(1, "DST"))
        let files = Files(try context.container())
        let destination = try files.destination(for: source, at: target)
        try files.move(source, to: destination, replacing: arguments.flag("--force"))
        if context.wantsJSON {
            try context.printJSON(["from": source.description, "to": destination.description])
        }
    }
}
