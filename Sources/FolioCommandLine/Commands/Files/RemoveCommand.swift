import FolioFiles
import FolioSandbox

/// `folio rm`: remove files, links and directories (never following links).
enum RemoveCommand {
    static let recursive = Flag("--recursive", "-r", "-R", help: "remove directories and everything in them")
    static let paths = RepeatedArgument("PATH")

    static let command = Command(
        "rm",
        summary: "remove files and links; directories with -r (a link is removed, never followed)",
        parameters: [recursive, paths],
        discussion: "This removes immediately. Deleting a document with 'folio doc delete' moves it to the "
            + "trash instead."
    ) { arguments, context in
        let files = Files(try context.container())
        var removed: [RemovedItem] = []
        for text in arguments[paths] {
            let path = try SandboxPath(argument: text)
            let count = try files.remove(path, recursive: arguments[recursive]) { count in
                context.output.progress("removing \(path): \(count) items")
            }
            context.output.endProgress()
            removed.append(RemovedItem(path: path.description, items: count))
        }
        if context.wantsJSON {
            try context.printJSON(["removed": removed])
        }
    }

    struct RemovedItem: Encodable {
        var path: String
        var items: Int
    }
}
