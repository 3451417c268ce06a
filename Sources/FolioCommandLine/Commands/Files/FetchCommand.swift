import FolioFiles
import FolioSandbox
import Foundation

/// `folio fetch`: create a file from a URL.
enum FetchCommand {
    static let command = Command(
        "fetch",
        summary: "download a URL (http, https, file) into the container, streamed (default: into tmp/)",
        usage: "fetch URL [PATH] [--max-size BYTES] [--force]",
        options: [
            .value("--max-size", name: "BYTES", help: "refuse anything larger (default 1 GiB)"),
            .flag("--force", "-f", help: "replace an existing file"),
        ]
    ) { arguments, context in
        try arguments.expectAtMost(2)
        let text = try arguments.positional(0, "URL")
        guard let url = URL(string: text), url.scheme != nil else {
            throw UsageError("'\(text)' is not a URL", usage: arguments.usage)
        }
        let path: SandboxPath
        if arguments.positionals.count > 1 {
            path = try SandboxPath(argument: arguments.positionals[1])
        } else {
            let last = url.lastPathComponent
            path = try SandboxPath.tmp.appending(FileName.isValid(last) && last != "/" ? last : "download")
        }
        var limit: UInt64 = 1 << 30
        if let size = arguments.value("--max-size") {
            guard let value = UInt64(size) else {
                throw UsageError("--max-size needs a number of bytes, not '\(size)'", usage: arguments.usage)
            }
            limit = value
        }
        let files = Files(try context.container())
        let result = try files.download(from: url, to: path, limit: limit, replacing: arguments.flag("--force"))
        if context.wantsJSON {
            try context.printJSON(result)
        } else {
            context.output.line("\(result.path)  \(Format.size(result.bytes))")
        }
    }
}
