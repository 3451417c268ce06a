import Foundation
import Glibc

/// The Home and the commands of one ``CommandTarget``.
final class CommandSession: ShellSession {
    let kind: CommandTarget.Kind
    let home: String
    let folio: String
    let directory: String

    init(kind: CommandTarget.Kind, home: String, folio: String, directory: String) {
        self.kind = kind
        self.home = home
        self.folio = folio
        self.directory = directory
    }

    func prepare() throws {
        let process = try ChildProcess(folio, ["--home", home, "home"], environment: ChildEnvironment.make())
        let ended = process.wait()
        guard ended.status == 0 else { throw HarnessError("folio --home \(home) home ended with \(ended)") }
    }

    func run(_ input: [UInt8], limits: Limits) -> ShellOutcome {
        let arguments: [String]
        do {
            arguments = try place(input)
        } catch {
            return .failed(.exit, "the case cannot be set up: \(error)")
        }
        return CommandSession.run(folio, ["--home", home] + arguments, directory: directory, limits: limits)
    }

    func stop() {}

    /// Writes the input where the command reads it and returns the command's arguments.
    private func place(_ input: [UInt8]) throws -> [String] {
        let documents = home + "/Documents"
        let json = input.count % 2 == 0 ? ["--json"] : []
        switch kind {
        case .table:
            let framed = HomeSeeds.unframe(input)
            let format = ["csv", "tsv", "json"].contains(framed.path) ? framed.path : "csv"
            try write(framed.contents, to: documents + "/case." + format)
            return json + ["table", "show", "Documents/case." + format, "--no-pager"]
        case .xpath:
            let framed = XMLTokens.unframe(input)
            try write(framed.document, to: documents + "/case.xml")
            // Linux takes arguments of up to 128 KiB; a user cannot pass a longer XPath either.
            func argument(_ text: String) -> String { String(decoding: text.utf8.prefix(1 << 16), as: UTF8.self) }
            let columns = framed.columns.isEmpty ? [] : ["--columns", argument(framed.columns.joined(separator: ","))]
            return json + ["table", "show", "Documents/case.xml", "--xpath", argument(framed.rows)] + columns + [
                "--no-pager"
            ]
        case .gpx:
            try write(input, to: documents + "/case.gpx")
            return input.count % 3 == 0
                ? json + ["geo", "watch", "--gpx", "Documents/case.gpx", "--count", "50"]
                : json + ["geo", "track", "import", "Documents/case.gpx"]
        case .nmea:
            try write(input, to: documents + "/case.nmea")
            return json + ["geo", "watch", "--nmea", "Documents/case.nmea"]
        case .database:
            for suffix in ["-journal", "-wal", "-shm"] { unlink(documents + "/case.db" + suffix) }
            try write(input, to: documents + "/case.db")
            switch input.count % 3 {
            case 0: return json + ["db", "tables", "Documents/case.db"]
            case 1: return json + ["db", "exec", "Documents/case.db", "SELECT * FROM sqlite_schema"]
            default:
                return json + [
                    "table", "show", "Documents/case.db", "--sql", "SELECT name, type, sql FROM sqlite_schema",
                    "--no-pager",
                ]
            }
        case .documents:
            let framed = HomeSeeds.unframe(input)
            for area in ["Documents", "Library/Preferences", "Library/Caches", "Library/Trash"] {
                let path = home + "/" + area
                for entry in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] {
                    try FileManager.default.removeItem(atPath: path + "/" + entry)
                }
            }
            try HomeSeeds.place(framed.contents, at: framed.path, in: home)
            let name = framed.path.split(separator: "/").last.map(String.init) ?? ""
            if framed.path.hasPrefix("Documents/") {
                return json + ["doc", "show", name]
            }
            if framed.path.hasPrefix("Library/Preferences/") {
                return json + ["doc", input.count % 3 == 0 ? "list" : "current"]
            }
            if framed.path.hasPrefix("Library/Trash/") {
                return json + (input.count % 3 == 0 ? ["doc", "info"] : ["doc", "trash", "list"])
            }
            return json + ["doc", "list"]
        }
    }

    private func write(_ bytes: [UInt8], to path: String) throws {
        guard Worker.save(bytes, to: path) else { throw HarnessError("cannot write \(path)") }
    }

    /// Runs `folio arguments…` within the limits and judges how it ended.
    static func run(_ folio: String, _ arguments: [String], directory: String, limits: Limits) -> ShellOutcome {
        let errorPath = directory + "/stderr.txt"
        let errorFile = open(errorPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        let outputFile = open(directory + "/stdout.txt", O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        defer {
            close(errorFile)
            close(outputFile)
        }
        let process: ChildProcess
        do {
            process = try ChildProcess(
                folio, arguments, environment: ChildEnvironment.make(["NO_COLOR": "1"]), standardOutput: outputFile,
                standardError: errorFile)
        } catch {
            return .failed(.exit, "\(error)")
        }
        let (ended, killedFor, resident) = process.wait(timeout: limits.timeout, memory: limits.memory)
        let message = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
        let command =
            (folio.split(separator: "/").last.map(String.init) ?? folio) + " "
            + arguments.map { $0.count > 60 ? String($0.prefix(60)) + "…" : $0 }.joined(separator: " ")
        if let killedFor {
            return .failed(
                killedFor,
                killedFor == .hang
                    ? "\(command): no end after \(Report.seconds(limits.timeout)) s"
                    : "\(command): \(resident >> 20) MiB resident, over \(limits.memory >> 20) MiB")
        }
        if resident > limits.memory {
            return .failed(.memory, "\(command): peak \(resident >> 20) MiB resident, over \(limits.memory >> 20) MiB")
        }
        guard ended.isAllowedExit else {
            let kind: Failure.Kind = ended.signal == nil ? .exit : .crash
            return .failed(kind, "\(command): \(ended); \(message.suffix(300))")
        }
        // Each message line is one line: a control character other than the line break is a leak.
        let leaks = message.split(separator: "\n").contains { Verdict.hasControlCharacters(String($0)) }
        return .passed(
            refused: ended.status != 0, code: CommandSession.code(of: message, ended), leaksControls: leaks,
            peakMemory: resident)
    }

    /// The error code of a message (the last `(code)` in its first `folio:` line, such as
    /// `(malformedCSV)`), or the exit status.
    static func code(of message: String, _ ended: Termination) -> String {
        guard ended.status != 0 else { return "ok" }
        if let line = message.split(separator: "\n").first(where: { $0.hasPrefix("folio:") }) {
            let codes = line.split(separator: "(").dropFirst().compactMap { piece -> Substring? in
                guard let close = piece.firstIndex(of: ")") else { return nil }
                let code = piece[..<close]
                return !code.isEmpty && code.allSatisfy { $0.isASCII && $0.isLetter } ? code : nil
            }
            if let code = codes.last { return String(code) }
        }
        return ended.status == 2 ? "usage (exit 2)" : "exit \(ended.status ?? -1)"
    }
}
