import FolioFiles
import FolioSandbox

/// `folio cp`: copy files and trees.
enum CopyCommand {
    static let recursive = Flag("--recursive", "-r", "-R", help: "copy a directory and everything in it")
    static let preserve = Flag("--preserve", "-p", help: "keep permissions and modification and access times")
    static let force = Flag("--force", "-f", help: "replace an existing destination")
    static let keepBoth = Flag(
        "--keep-both", help: "if the name is taken, copy to the first free 'NAME 2.ext', … and print it")
    static let source = Argument("SRC")
    static let target = Argument("DST", help: "the copy's path, or a directory to copy SRC into")

    static let command = Command(
        "cp",
        summary: "copy a file, or a directory with -r (never overwrites unless --force)",
        parameters: [recursive, preserve, force, keepBoth, source, target]
    ) { arguments, context in
        let source = try SandboxPath(argument: arguments[Self.source])
        let target = try SandboxPath(argument: arguments[Self.target])
        let files = Files(try context.container())
        if arguments[keepBoth] && arguments[force] {
            throw UsageError("--keep-both cannot be combined with --force")
        }
        var destination = try files.destination(for: source, at: target)
        let options = CopyOptions(
            isRecursive: arguments[recursive], preservesAttributes: arguments[preserve],
            replacing: arguments[force])
        let report = { (progress: CopyProgress) in
            context.output.progress("copying \(source): \(progress.items) items, \(Format.size(progress.bytes))")
        }
        let copied: CopyProgress
        if arguments[keepBoth] {
            (destination, copied) = try files.copy(
                source, toFreeNameAt: destination, options: options, progress: report)
        } else {
            copied = try files.copy(source, to: destination, options: options, progress: report)
        }
        context.output.endProgress()
        if context.wantsJSON {
            try context.printJSON(
                CopyReport(
                    from: source.description, to: destination.description, name: destination.name ?? "",
                    items: copied.items, bytes: copied.bytes))
        } else if arguments[keepBoth] {
            context.output.line(destination.description)
        }
    }

    struct CopyReport: Encodable {
        var from: String
        var to: String
        var name: String
        var items: Int
        var bytes: UInt64
    }
}
