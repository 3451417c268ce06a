import FolioFiles
import FolioSandbox
import Foundation

/// `folio cat`: print a file.
enum CatCommand {
    static let command = Command(
        "cat",
        summary: "print a file's contents (streamed; --json gives text or base64)",
        usage: "cat PATH…"
    ) { arguments, context in
        guard !arguments.positionals.isEmpty else { throw UsageError("missing PATH", usage: arguments.usage) }
        let files = Files(try context.container())
        var reports: [FileContents] = []
        for text in arguments.positionals {
            let path = try SandboxPath(argument: text)
            let file = try files.open(path, mode: .reading)
            if context.wantsJSON {
                let data = try file.readToEnd(limit: 64 << 20)
                if let text = String(data: data, encoding: .utf8) {
                    reports.append(
                        FileContents(path: path.description, size: data.count, encoding: "utf-8", contents: text))
                } else {
                    reports.append(
                        FileContents(
                            path: path.description, size: data.count, encoding: "base64",
                            contents: data.base64EncodedString()))
                }
            } else {
                try file.forEachChunk { chunk in
                    context.output.write(bytes: chunk.assumingMemoryBound(to: UInt8.self))
                }
            }
        }
        if context.wantsJSON {
            try context.printJSON(reports)
        }
    }

    struct FileContents: Encodable {
        var path: String
        var size: Int
        var encoding: String
        var contents: String
    }
}
