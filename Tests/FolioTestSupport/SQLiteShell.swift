import Foundation

/// The real `sqlite3` shell, run as a user would (Debian's `sqlite3` package; `Scripts/setup test`
/// installs it).
public enum SQLiteShell {
    /// The shell failed; the message is its standard error.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Runs `sqlite3 -bail [options] database` with `script` on standard input; returns standard output.
    public static func run(_ database: String, _ script: String, options: [String] = []) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = ["-bail"] + options + [database]
        let input = Pipe()
        let output = Pipe()
        let error = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        try process.run()
        input.fileHandleForWriting.write(Data(script.utf8))
        try input.fileHandleForWriting.close()
        let text = output.fileHandleForReading.readDataToEndOfFile()
        let message = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "sqlite3 failed: " + String(decoding: message, as: UTF8.self))
        }
        return String(decoding: text, as: UTF8.self)
    }
}
