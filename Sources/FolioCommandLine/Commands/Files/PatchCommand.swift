import FolioFiles
import FolioSandbox

/// `folio patch`: write bytes in place at an offset.
enum PatchCommand {
    static let path = Argument("PATH")
    static let offset = RequiredOption("--offset", valueName: "N", help: "where to write, in bytes from the start") {
        text throws(UsageError) -> UInt64 in
        guard let offset = UInt64(text) else {
            throw UsageError("--offset needs a byte offset (0 or more), not '\(text)'")
        }
        return offset
    }
    static let data = Option("--data", valueName: "TEXT", help: "the bytes to write, as UTF-8 text")
    static let hex = Option(
        "--hex", valueName: "HEX", help: "the bytes to write, in hexadecimal (e.g. 0a1b2c)", parse: HexArgument.parse)
    static let extend = Flag("--extend", help: "allow an offset beyond the end (the gap reads as zeros)")

    static let command = Command(
        "patch",
        summary: "write bytes in place at an offset (costs the size of the patch, not of the file)",
        parameters: [path, offset, ExclusiveOptions(data, hex, isRequired: true), extend]
    ) { arguments, context in
        let path = try SandboxPath(argument: arguments[Self.path])
        let offset = arguments[Self.offset]
        let bytes = arguments[data].map { Array($0.utf8) } ?? arguments[hex] ?? []
        let files = Files(try context.container())
        try files.patch(path, at: offset, with: bytes, allowsExtending: arguments[extend])
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
    @Sendable static func parse(_ text: String) throws(UsageError) -> [UInt8] {
        let digits = Array(text.filter { !$0.isWhitespace })
        guard digits.count % 2 == 0, !digits.isEmpty else {
            throw UsageError("--hex needs an even number of hexadecimal digits")
        }
        var bytes: [UInt8] = []
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let byte = UInt8(String(digits[index...index + 1]), radix: 16) else {
                throw UsageError("'\(String(digits[index...index + 1]))' is not hexadecimal")
            }
            bytes.append(byte)
        }
        return bytes
    }
}
