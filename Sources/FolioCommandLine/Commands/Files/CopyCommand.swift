import FolioFiles
import FolioSandbox

/// `folio cp`: copy files and trees.
enum CopyCommand {
    static let command = Command(
        "cp",
        summary: "copy a file, or a directory with -r (never overwrites unless --force)",
        usage: "cp [-r] [-p] [--force] SRC DST",
        options: [
            .flag("--recursive", "-r", "-R", help: "copy a directory and everything in it"),
            .flag("--preserve", "-p", help: "keep permissions and modification and access times"),
            .flag("--force", "-f", help: "replace an existing destination"),
        ]
    ) { arguments, context in
        try arguments.expectAtMost(2)
        let source = try SandboxPath(argument: try arguments.positional(0, "SRC"))
        let target = try SandboxPath(argument: try arguments.positional(1, "DST"))
        let files = Files(try context.container())
        let destination = try files.destination(for: source, at: target)
        let options = CopyOptions(
            isRecursive: arguments.flag("--recursive"), preservesAttributes: arguments.flag("--preserve"),
            replacing: arguments.flag("--force"))
        let copied = try files.copy(source, to: destination, options: options) { progress in
            context.output.progress("copying \(source): \(progress.items) items, \(Format.size(progress.bytes))")
        }
        context.output.endProgress()
        if context.wantsJSON {
            try context.printJSON(
                CopyReport(
                    from: source.description, to: destination.description, items: copied.items, bytes: copied.bytes))
        }
    }

    struct CopyReport: Encodable {
        var from: String
        var to: String
        var items: Int
        var bytes: UInt64
    }
}
