import Foundation
import Glibc

/// Seconds on the monotonic clock.
public func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// How long `body` takes, in seconds.
public func time(_ body: () throws -> Void) rethrows -> Double {
    let start = now()
    try body()
    return now() - start
}

/// The median of `values`.
public func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
}

/// The process's peak resident memory in KiB (VmHWM).
public func peakMemory() -> Int {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
    return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
}

/// The result of running a command.
public struct CommandRun: Sendable {
    /// Wall-clock seconds, from spawn to exit.
    public var seconds: Double
    /// The child's exit status.
    public var status: Int32
    /// What it wrote to standard output (when captured).
    public var output: String
}

/// Runs `arguments` (the first is an absolute path or a name in `PATH`) in a child process,
/// standard output to `outputPath` (default: discarded), standard input from `/dev/null`.
public func spawn(_ arguments: [String], outputPath: String = "/dev/null", capture: Bool = false) -> CommandRun {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    var pointers = arguments.map { strdup($0) }
    pointers.append(nil)
    defer { pointers.forEach { free($0) } }
    var pid: pid_t = 0
    let start = now()
    guard posix_spawnp(&pid, arguments[0], &actions, nil, pointers, environ) == 0 else {
        fatalError("cannot run \(arguments[0])")
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let seconds = now() - start
    let output = capture ? ((try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "") : ""
    return CommandRun(seconds: seconds, status: (status >> 8) & 0xFF, output: output)
}

/// Runs a shell command line (for pipelines such as `find … | wc -l`).
public func shell(_ command: String, capture: Bool = false, outputPath: String = "/dev/null") -> CommandRun {
    spawn(["/bin/sh", "-c", command], outputPath: outputPath, capture: capture)
}

/// Runs a command under `/usr/bin/time` and returns its peak memory in KiB (a child's own
/// `ru_maxrss` would include this program's memory at the fork) along with the run.
public func measuredMemory(_ arguments: [String], report: String) -> (run: CommandRun, peakKiB: Int) {
    let run = spawn(["/usr/bin/time", "-f", "%M", "-o", report] + arguments)
    let text = (try? String(contentsOfFile: report, encoding: .utf8)) ?? ""
    let lines = text.split(separator: "\n")
    return (run, Int(lines.last?.trimmingCharacters(in: .whitespaces) ?? "") ?? 0)
}

/// `seconds` in milliseconds for a table: two decimals below 100 ms.
public func milliseconds(_ seconds: Double) -> String {
    String(format: seconds < 0.1 ? "%.2f ms" : "%.0f ms", seconds * 1000)
}

/// KiB as MiB for a table.
public func mebibytes(_ kibibytes: Int) -> String {
    String(format: "%.1f MiB", Double(kibibytes) / 1024)
}

/// A ratio for a table: `0.83×`.
public func ratio(_ value: Double, _ reference: Double) -> String {
    String(format: "%.2f×", value / reference)
}
