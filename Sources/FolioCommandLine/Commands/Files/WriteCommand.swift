import FolioFiles
import FolioSandbox

/// `folio write`: write standard input (or `--text`) to a file, atomically.
enum WriteCommand {
    static let command = Command(
        "write",
        summary: "write standard input to a file, atomically (temporary file, fsync, rename)",
        usage: "write [--exclusive] [--mode MODE] [-p] [--text TEXT] [--not-atomic] PATH",
        options: [
            .flag("--exclusive", "-x", help: "fail if the file exists instead of replacing it"),
            .value("--mode", name: "MODE", help: "permission bits in octal (default 600, or the old file's)"),
            .flag("--parents", "-p", help: "create missing parent directories"),
            .value("--text", name: "TEXT", help: "write TEXT instead of reading standard input"),
            .flag("--not-atomic", help: "write in place (a crash can leave a torn file)"),
        ]
    ) { arguments, context in
        try arguments.expectAtMost(1)
        let path = try SandboxPath(argument: try arguments.positional(0, "PATH"))
        let options = WriteOptions(
            isAtomic: !arguments.flag("--not-atomic"),
            isExclusive: arguments.flag("--exclusive"),
            permissions: try PermissionsArgument.parse(arguments.value("--mode"), usage: arguments.usage),
            createsIntermediateDirectories: arguments.flag("--parents"))
        let files = Files(try context.container())
        var bytes = 0
        if let text = arguments.value("--text") {
            try files.write(text, to: path, options: options)
            bytes = text.utf8.count
        } else {
            try files.write(to: path, options: options) { file in
                try context.input.forEachChunk { chunk in
                    try file.write(chunk)
                    bytes += chunk.count
                }
            }
        }
        if context.wantsJSON {
            try context.printJSON(WriteReport(path: path.description, bytes: bytes))
        }
    }

    struct WriteReport: Encodable {
        var path: String
        var bytes: Int
    }
}
