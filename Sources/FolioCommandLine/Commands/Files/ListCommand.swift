import FolioFiles
import FolioSandbox

/// `folio ls`: list a directory, or walk it with `-R`.
enum ListCommand {
    static let recursive = Flag("--recursive", "-R", help: "list everything below PATH, depth first")
    static let long = Flag("--long", "-l", help: "show type and permissions, size and modification time")
    static let all = Flag("--all", "-a", help: "include names starting with '.'")
    static let unsorted = Flag("--unsorted", "-U", help: "the filesystem's order instead of sorting by name (faster)")
    static let depth = Option(
        "--depth", valueName: "N", help: "with -R, go at most N levels deep", parse: WholeNumber.parse)
    static let path = OptionalArgument("PATH")

    static let command = Command(
        "ls",
        summary: "list a directory (-R: everything below it; -l: permissions, size and date)",
        parameters: [recursive, long, all, unsorted, depth, path],
        discussion: "PATH is relative to the Home and defaults to the Home itself. Paths are listed relative "
            + "to PATH; directories end in '/'. Directories that cannot be read are reported on standard "
            + "error and the exit status is 1, but the listing goes on."
    ) { arguments, context in
        let path = try SandboxPath(argument: arguments[Self.path] ?? ".")
        let depth = arguments[Self.depth]
        if let depth, depth < 1 {
            throw UsageError("--depth must be at least 1", usage: arguments.usage)
        }
        let long = arguments[Self.long]
        let options = WalkOptions(
            isRecursive: arguments[recursive],
            maximumDepth: depth,
            detail: long || context.wantsJSON ? .basic : .names,
            order: arguments[unsorted] ? .filesystem : .name,
            includesHidden: arguments[all])
        let files = Files(try context.container())
        var formatter = ListingFormatter(long: long, json: context.wantsJSON, output: context.output)
        let output = context.output
        let item = try files.attributes(of: path, followSymbolicLinks: true)
        if item.type != .directory {
            // Like ls: a file is listed by itself.
            let name = path.name ?? path.description
            formatter.begin()
            formatter.add(
                WalkEntry(
                    directory: "", name: name, type: item.type, depth: 0, size: item.size,
                    modificationDate: item.modificationDate, posixPermissions: item.posixPermissions))
            formatter.end()
            return
        }
        let walker = try files.walk(path, options: options)
        if context.wantsJSON {
            formatter.begin()
            for entry in walker {
                formatter.add(entry)
            }
            formatter.end()
        } else {
            // The lines are made on the threads that read the directories; this one writes them.
            walker.render(with: ListingLine(long: long)) { bytes in output.write(bytes: bytes) }
        }
        if !walker.problems.isEmpty {
            for problem in walker.problems {
                output.error("folio: \(problem)")
            }
            throw CommandFailure("\(walker.problems.count) item(s) could not be listed")
        }
    }
}
