import FolioFiles
import FolioSandbox
import Foundation

/// `folio fetch`: create a file from a URL.
enum FetchCommand {
    static let url = Argument("URL")
    static let path = OptionalArgument("PATH", help: "where to save it (default: tmp/ and the URL's file name)")
    static let maximumSize = Option(
        "--max-size", valueName: "BYTES", help: "refuse anything larger (default 1 GiB)"
    ) { text throws(UsageError) -> UInt64 in
        guard let value = UInt64(text) else {
            throw UsageError("--max-size needs a number of bytes, not '\(text)'")
        }
        return value
    }
    static let force = Flag("--force", "-f", help: "replace an existing file")

    static let command = Command(
        "fetch",
        summary: "download a URL (http, https, file) into the container, streamed (default: into tmp/)",
        parameters: [url, path, maximumSize, force]
    ) { arguments, context in
        let text = arguments[Self.url]
        guard let url = URL(string: text), url.scheme != nil else {
            throw UsageError("'\(text)' is not a URL", usage: arguments.usage)
        }
        let path: SandboxPath
        if let given = arguments[Self.path] {
            path = try SandboxPath(argument: given)
        } else {
            let last = url.lastPathComponent
            path = try SandboxPath.tmp.appending(FileName.isValid(last) && last != "/" ? last : "download")
        }
        let limit = arguments[maximumSize] ?? 1 << 30
        let files = Files(try context.container())
        let progress = TransferProgress("fetching \(text) to \(path)", output: context.output)
        defer { progress.stop() }
        let result = try files.download(
            from: url, to: path, limit: limit, replacing: arguments[force], progress: { progress.update($0) })
        progress.stop()
        if context.wantsJSON {
            try context.printJSON(result)
        } else {
            context.output.line("\(result.path)  \(Format.size(result.bytes))")
        }
    }
}
