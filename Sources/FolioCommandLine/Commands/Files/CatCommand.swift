import FolioFiles
import FolioSandbox
import Foundation

/// `folio cat`: print a file.
enum CatCommand {
    static let paths = RepeatedArgument("PATH", help: "the files to print, one after the other")

    static let command = Command(
        "cat",
        summary: "print a file's contents (streamed; --json gives text or base64)",
        parameters: [paths]
    ) { arguments, context in
        let files = Files(try context.container())
        var reports: [FileContents] = []
        for text in arguments[paths] {
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
                    context.output.write(bytes: chunk)
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
