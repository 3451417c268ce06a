import Foundation
import Glibc
import Synchronization

/// A child process started with `posix_spawn` and reaped with `waitpid`.
///
/// Tests use this rather than Foundation's `Process`, whose `waitUntilExit` depends on a run loop
/// and can stall when many tests wait at once on the few threads of the test runner.
public final class Subprocess: @unchecked Sendable {
    // Safety: `pid` is set once in init; `status` is only touched by `wait()`, under `lock`.
    /// The child's process id.
    public let pid: pid_t
    private let lock = NSLock()
    private var status: Int32?

    /// Starts `executable` (a path, or a name looked up in `PATH`) with `arguments`.
    ///
    /// - Parameters:
    ///   - standardInput, standardOutput, standardError: descriptors for the child (default: /dev/null).
    ///   - environment: the child's environment (default: this process's).
    public init(
        _ executable: String,
        _ arguments: [String],
        environment: [String: String]? = nil,
        standardInput: Int32? = nil,
        standardOutput: Int32? = nil,
        standardError: Int32? = nil
    ) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        let null = open("/dev/null", O_RDWR | O_CLOEXEC)
        defer { close(null) }
        posix_spawn_file_actions_adddup2(&actions, standardInput ?? null, 0)
        posix_spawn_file_actions_adddup2(&actions, standardOutput ?? null, 1)
        posix_spawn_file_actions_adddup2(&actions, standardError ?? null, 2)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let env = (environment ?? ProcessInfo.processInfo.environment).map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { env.forEach { free($0) } }
        // The child starts with no blocked signals and default handlers, whatever thread spawns it
        // (test runner threads block signals; an inherited mask would make SIGTERM do nothing).
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        var all = sigset_t()
        sigfillset(&all)
        sigdelset(&all, SIGKILL)
        sigdelset(&all, SIGSTOP)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var child: pid_t = 0
        let result =
            executable.contains("/")
            ? posix_spawn(&child, executable, &actions, &attributes, argv, env)
            : posix_spawnp(&child, executable, &actions, &attributes, argv, env)
        guard result == 0 else {
            throw POSIXError(POSIXErrorCode(rawValue: result) ?? .EINVAL)
        }
        pid = child
    }

    /// Waits for the child to end and returns its exit status (128 + signal when killed).
    @discardableResult
    public func wait() -> Int32 {
        lock.lock()
        defer { lock.unlock() }
        if let status { return status }
        var raw: Int32 = 0
        while waitpid(pid, &raw, 0) < 0 && errno == EINTR {}
        let code = (raw & 0x7F) == 0 ? (raw >> 8) & 0xFF : 128 + (raw & 0x7F)
        status = code
        return code
    }

    /// Waits until the child stops (`SIGSTOP`, as a helper does at a chosen moment) or ends.
    ///
    /// - Returns: true when it stopped; false when it ended instead (its status is kept for ``wait()``).
    public func waitUntilStopped() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if status != nil { return false }
        var raw: Int32 = 0
        while waitpid(pid, &raw, WUNTRACED) < 0 && errno == EINTR {}
        if (raw & 0xFF) == 0x7F {
            return true
        }
        status = (raw & 0x7F) == 0 ? (raw >> 8) & 0xFF : 128 + (raw & 0x7F)
        return false
    }

    /// Whether the child is still running (it is reaped, without blocking, once it has ended).
    public var isRunning: Bool {
        lock.lock()
        defer { lock.unlock() }
        if status != nil { return false }
        var raw: Int32 = 0
        let result = waitpid(pid, &raw, WNOHANG)
        guard result == pid else { return result == 0 }
        status = (raw & 0x7F) == 0 ? (raw >> 8) & 0xFF : 128 + (raw & 0x7F)
        return false
    }

    /// Sends `signal` to the child.
    public func kill(_ signal: Int32 = SIGTERM) {
        _ = Glibc.kill(pid, signal)
    }

    /// Runs a command to completion, with `input` on standard input, and collects its output.
    ///
    /// A command still running after `timeLimit` is killed (`SIGKILL`, status 137) and the limit is
    /// said on its standard error, so a test waiting for a stuck program fails instead of holding
    /// the suite.
    public static func run(
        _ executable: String,
        _ arguments: [String],
        input: String = "",
        environment: [String: String]? = nil,
        timeLimit: Duration = .seconds(180)
    ) throws -> (status: Int32, output: String, error: String) {
        let directory = TemporaryDirectory(prefix: "folio-run")
        let inputPath = directory.appending("in")
        let outputPath = directory.appending("out")
        let errorPath = directory.appending("err")
        try Data(input.utf8).write(to: URL(fileURLWithPath: inputPath))
        let inputFD = open(inputPath, O_RDONLY | O_CLOEXEC)
        let outputFD = open(outputPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        let errorFD = open(errorPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        defer {
            close(inputFD)
            close(outputFD)
            close(errorFD)
        }
        let process = try Subprocess(
            executable, arguments, environment: environment, standardInput: inputFD, standardOutput: outputFD,
            standardError: errorFD)
        let killed = Mutex(false)
        let watchdog = DispatchWorkItem {
            killed.withLock { $0 = true }
            process.kill(SIGKILL)
        }
        let (seconds, attoseconds) = timeLimit.components
        DispatchQueue.global().asyncAfter(
            deadline: .now() + Double(seconds) + Double(attoseconds) / 1e18, execute: watchdog)
        let status = process.wait()
        watchdog.cancel()
        let timedOut = killed.withLock { $0 }
        let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        var error = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
        if timedOut { error += "\n[killed: still running after \(timeLimit)]\n" }
        return (status, output, error)
    }
}
