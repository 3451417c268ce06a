import Foundation

/// The real `sqlite3` shell, run as a user would (Debian's `sqlite3` package; `Scripts/setup test`
/// installs it).
public enum SQLiteShell {
    /// The shell failed; the message is its standard error.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Runs `sqlite3 -bail [options] database` with `script` on standard input; returns standard output.
    ///
    /// - Throws: ``Failure`` when the shell exits with an error.
    public static func run(_ database: String, _ script: String, options: [String] = []) throws -> String {
        let run = try FolioBinary.run(executable: "/usr/bin/sqlite3", ["-bail"] + options + [database], input: script)
        guard run.status == 0 else {
            throw Failure(description: "sqlite3 failed: " + run.standardError)
        }
        return run.standardOutput
    }
}
