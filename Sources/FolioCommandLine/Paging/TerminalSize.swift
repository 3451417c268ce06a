import Foundation

/// The terminal's size in columns and lines.
struct TerminalSize {
    var columns: Int
    var lines: Int

    /// `$COLUMNS` and `$LINES` when set, else what `stty size` says of the terminal (when the
    /// output is one), else 80×24.
    static func current(
        isTerminal: Bool, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> TerminalSize {
        var size = TerminalSize(columns: 80, lines: 24)
        if isTerminal, let reported = askTerminal() {
            size = reported
        }
        if let columns = environment["COLUMNS"].flatMap(Int.init), columns >= 10 { size.columns = columns }
        if let lines = environment["LINES"].flatMap(Int.init), lines >= 4 { size.lines = lines }
        return size
    }

    /// Runs `stty size` on the controlling terminal: "LINES COLUMNS".
    private static func askTerminal() -> TerminalSize? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/stty")
        process.arguments = ["size"]
        guard let terminal = FileHandle(forReadingAtPath: "/dev/tty") else { return nil }
        let pipe = Pipe()
        process.standardInput = terminal
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return nil
        }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let parts = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        guard process.terminationStatus == 0, parts.count == 2, parts[0] > 0, parts[1] > 0 else { return nil }
        return TerminalSize(columns: parts[1], lines: parts[0])
    }
}
