import FolioFiles
import FolioSandbox

/// `folio mkdir`: create directories.
enum MakeDirectoryCommand {
    static let command = Command(
        "mkdir",
        summary: "create a directory (-p: with its parents, and no error if it exists)",
        usage: "mkdir [-p] [--mode MODE] PATH…",
        options: [
            .flag("--parents", "-p", help: "create missing parents; an existing directory is fine"),
            .value("--mode", name: "MODE", help: "permission bits in octal (default 700)"),
        ]
    ) { arguments, context in
        guard !arguments.positionals.isEmpty else { throw UsageError("missing PATH", usage: arguments.usage) }
        let mode = try PermissionsArgument.parse(arguments.value("--mode"), usage: arguments.usage) ?? 0o700
        let files = Files(try context.container())
        var created: [String] = []
        for text in arguments.positionals {
            let path = try SandboxPath(argument: text)
            try files.createDirectory(
                at: path, withIntermediateDirectories: arguments.flag("--parents"), permissions: mode)
            created.append(path.description)
        }
        if context.wantsJSON {
            try context.printJSON(["created": created])
        }
    }
}

/// Octal permission bits given on the command line (`600`, `0o644`, `0755`).
enum PermissionsArgument {
    static func parse(_ text: String?, usage: String) throws(UsageError) -> UInt32? {
        guard let text else { return nil }
        var digits = Substring(text)
        if digits.hasPrefix("0o") { digits = digits.dropFirst(2) }
        guard let value = UInt32(digits, radix: 8), value <= 0o7777 else {
            throw UsageError("'\(text)' is not a permission mode (octal, e.g. 600 or 0755)", usage: usage)
        }
        return value
    }
}
