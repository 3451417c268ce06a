import FolioFiles
import FolioSandbox

/// `folio patch`: write bytes in place at an offset.
enum PatchCommand {
    static let command = Command(
        "patch",
        summary: "write bytes in place at an offset (costs the size of the patch, not of the file)",
        usage: "patch PATH --offset N (--data TEXT | --hex HEX) [--extend]",
        options: [
            .value("--offset", name: "N", help: "where to write, in bytes from the start"),
            .value("--data", name: "TEXT", help: "the bytes to write, as UTF-8 text"),
            .value("--hex", name: "HEX", help: "the bytes to write, in hexadecimal (e.g. 0a1b2c)"),
            .flag("--extend", help: "allow an offset beyond the end (the gap reads as zeros)"),
        ]
    ) { arguments, context in
        try arguments.expectAtMost(1)
        let path = try SandboxPath(argument: try arguments.positional(0, "PATH"))
        guard let offsetText = arguments.value("--offset") else {
            throw UsageError("missing --offset", usage: arguments.usage)
        }
        guard let offset = UInt64(offsetText) else {
            throw UsageError("--offset needs a byte offset (0 or more), not '\(offsetText)'", usage: arguments.usage)
        }
        let bytes: [UInt8]
        switch (arguments.value("--data"), arguments.value("--hex")) {
        case (let text?, nil):
            bytes = Array(text.utf8)
        case (nil, let hex?):
            bytes = try HexArgument.parse(hex, usage: arguments.usage)
        default:
            throw UsageError("give exactly one of --data and --hex", usage: arguments.usage)
        }
        let files = Files(try context.container())
        try files.patch(path, at: offset, with: bytes, allowsExtending: arguments.flag("--extend"))
        if context.wantsJSON {
            try context.printJSON(PatchReport(path: path.description, offset: offset, bytes: bytes.count))
        }
    }

    struct PatchReport: Encodable {
        var path: String
        var offset: UInt64
        var bytes: Int
    }
}

/// Bytes given in hexadecimal on the command line.
enum HexArgument {
    static func parse(_ text: String, usage: String) throws(UsageError) -> [UInt8] {
        let digits = Array(text.filter { !$0.isWhitespace })
        guard digits.count % 2 == 0, !digits.isEmpty else {
            throw UsageError("--hex needs an even number of hexadecimal digits", usage: usage)
        }
        var bytes: [UInt8] = []
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let byte = UInt8(String(digits[index...index + 1]), radix: 16) else {
                throw UsageError("'\(String(digits[index...index + 1]))' is not hexadecimal", usage: usage)
            }
            bytes.append(byte)
        }
        return bytes
    }
}
