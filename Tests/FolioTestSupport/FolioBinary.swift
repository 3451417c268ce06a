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

    /// Another executable of the package, built beside `folio` (for example a test helper).
    public static func sibling(_ name: String) -> String {
        URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent(name).path
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
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "FOLIO_HOME")
        for (key, value) in environment { env[key] = value }
        let result = try Subprocess.run(executable, arguments, input: input, environment: env)
        return Run(status: result.status, standardOutput: result.output, standardError: result.error)
    }
}
