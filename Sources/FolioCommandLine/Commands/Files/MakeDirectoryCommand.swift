import FolioFiles
import FolioSandbox

/// `folio mkdir`: create directories.
enum MakeDirectoryCommand {
    static let parents = Flag("--parents", "-p", help: "create missing parents; an existing directory is fine")
    static let mode = Option(
        "--mode", valueName: "MODE", help: "permission bits in octal (default 700)", parse: PermissionsArgument.parse)
    static let paths = RepeatedArgument("PATH")

    static let command = Command(
        "mkdir",
        summary: "create a directory (-p: with its parents, and no error if it exists)",
        parameters: [parents, mode, paths]
    ) { arguments, context in
        let mode = arguments[Self.mode] ?? 0o700
        let files = Files(try context.container())
        var created: [String] = []
        for text in arguments[paths] {
            let path = try SandboxPath(argument: text)
            try files.createDirectory(
                at: path, withIntermediateDirectories: arguments[parents], permissions: mode)
            created.append(path.description)
        }
        if context.wantsJSON {
            try context.printJSON(["created": created])
        }
    }
}
