import FolioFiles
import FolioSandbox

/// `folio write`: write standard input (or `--text`) to a file, atomically.
enum WriteCommand {
    static let exclusive = Flag("--exclusive", "-x", help: "fail if the file exists instead of replacing it")
    static let mode = Option(
        "--mode", valueName: "MODE", help: "permission bits in octal (default 600, or the old file's)",
        parse: PermissionsArgument.parse)
    static let parents = Flag("--parents", "-p", help: "create missing parent directories")
    static let text = Option("--text", valueName: "TEXT", help: "write TEXT instead of reading standard input")
    static let notAtomic = Flag("--not-atomic", help: "write in place (a crash can leave a torn file)")
    static let keepBoth = Flag(
        "--keep-both", help: "if the name is taken, write to the first free 'NAME 2.ext', … and print it")
    static let path = Argument("PATH")

    static let command = Command(
        "write",
        summary: "write standard input to a file, atomically (temporary file, fsync, rename)",
        parameters: [exclusive, mode, parents, text, notAtomic, keepBoth, path]
    ) { arguments, context in
        let path = try SandboxPath(argument: arguments[Self.path])
        if arguments[keepBoth] && (arguments[exclusive] || arguments[notAtomic]) {
            throw UsageError("--keep-both cannot be combined with --exclusive or --not-atomic")
        }
        let options = WriteOptions(
            isAtomic: !arguments[notAtomic],
            isExclusive: arguments[exclusive],
            permissions: arguments[mode],
            createsIntermediateDirectories: arguments[parents],
            keepsBoth: arguments[keepBoth])
        let files = Files(try context.container())
        var bytes = 0
        let written: SandboxPath
        if let text = arguments[text] {
            written = try files.write(text, to: path, options: options)
            bytes = text.utf8.count
        } else {
            written = try files.write(to: path, options: options) { file in
                try context.input.forEachChunk { chunk in
                    try file.write(chunk)
                    bytes += chunk.count
                }
            }
        }
        if context.wantsJSON {
            try context.printJSON(WriteReport(path: written.description, name: written.name ?? "", bytes: bytes))
        } else if arguments[keepBoth] {
            context.output.line(written.description)
        }
    }

    struct WriteReport: Encodable {
        var path: String
        var name: String
        var bytes: Int
    }
}
