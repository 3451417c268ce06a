import Foundation

/// Runs the built `folio` executable as a user would, capturing its output and exit status.
public enum FolioBinary {
    /// The result of one run.
    public struct Run: Sendable {
        public var status: Int32
        public var standardOutput: String
        public var standardError: String
    }

    /// The `folio` executable next to the test bundle in `.build/<config>/`.
    public static var path: String {
        let candidates = [
            Bundle.main.bundleURL.appendingPathComponent("folio").path,
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("folio").path,
            CommandLine.arguments.first.map {
                URL(fileURLWithPath: $0).deletingLastPathComponent().appendingPathComponent("folio").path
            } ?? "",
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? "folio"
    }

    /// Runs `folio arguments…` with `input` on standard input.
    public static func run(
        _ arguments: [String],
        input: String = "",
        environment: [String: String] = [:]
    ) throws -> Run {
        try run(executable: path, arguments, input: input, environment: environment)
    }

    /// Runs another program the same way (for the tools tests compare Folio with, such as `sqlite3`).
    public static func run(
        executable: String,
        _ arguments: [String],
        input: String = "",
        environment: [String: String] = [:]
    ) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "FOLIO_HOME")
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        let writer = Thread {
            stdin.fileHandleForWriting.write(Data(input.utf8))
            try? stdin.fileHandleForWriting.close()
        }
        writer.start()
        let errorData = ErrorCollector(stderr.fileHandleForReading)
        let outputData = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus,
            standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: String(decoding: errorData.wait(), as: UTF8.self))
    }

    /// Reads a pipe to its end on a thread of its own, so neither pipe can fill up and block.
    private final class ErrorCollector: @unchecked Sendable {
        // Safety: `data` is written by the reader thread before `done` is signalled and read after.
        private var data = Data()
        private let done = DispatchSemaphore(value: 0)

        init(_ handle: FileHandle) {
            Thread { [self] in
                data = handle.readDataToEndOfFile()
                done.signal()
            }.start()
        }

        func wait() -> Data {
            done.wait()
            return data
        }
    }
}
