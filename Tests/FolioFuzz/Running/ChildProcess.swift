import FolioTestSupport
import Foundation
import Glibc

/// A child process, watched without blocking and reaped with `wait4` so that its peak memory
/// is known.
final class ChildProcess {
    let pid: pid_t
    private(set) var termination: Termination?

    /// Starts `executable` with `arguments`; standard input, output and error go to the given
    /// descriptors (or `/dev/null`).
    init(
        _ executable: String, _ arguments: [String], environment: [String: String],
        standardInput: Int32? = nil, standardOutput: Int32? = nil, standardError: Int32? = nil
    ) throws {
        // Started as the tests start their children (FolioTestSupport's Subprocess: no blocked
        // signals, default handlers); reaped here with `wait4`, which also gives the peak memory.
        do {
            pid =
                try Subprocess(
                    executable, arguments, environment: environment, standardInput: standardInput,
                    standardOutput: standardOutput, standardError: standardError
                ).pid
        } catch {
            throw HarnessError("cannot start \(executable): \(error)")
        }
    }

    /// How it ended, or nil while it runs.
    func poll() -> Termination? {
        if let termination { return termination }
        return reap(WNOHANG)
    }

    /// Waits for it to end.
    func wait() -> Termination {
        if let termination { return termination }
        while true {
            if let ended = reap(0) { return ended }
        }
    }

    /// Waits for it to end, up to `timeout`, sampling its memory; kills it with SIGKILL when the
    /// time is up or it uses more than `memory` bytes.
    ///
    /// - Returns: how it ended, and why it was killed (`hang` or `memory`), if it was.
    func wait(timeout: Duration, memory: Int) -> (Termination, killedFor: Failure.Kind?, resident: Int) {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        var pause: UInt32 = 200
        var resident = 0
        while true {
            if let ended = poll() { return (ended, nil, max(resident, ended.peakMemory)) }
            resident = max(resident, residentMemory ?? 0)
            if resident > memory {
                kill(SIGKILL)
                return (wait(), .memory, resident)
            }
            if clock.now >= deadline {
                kill(SIGKILL)
                return (wait(), .hang, resident)
            }
            usleep(pause)
            pause = min(pause * 2, 5_000)
        }
    }

    /// Its resident memory now, in bytes (from `/proc/PID/statm`).
    var residentMemory: Int? {
        ChildProcess.residentMemory(of: pid)
    }

    static func residentMemory(of pid: pid_t) -> Int? {
        let descriptor = open("/proc/\(pid)/statm", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 128)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, 127) }
        guard count > 0 else { return nil }
        let fields = buffer[..<count].split(separator: UInt8(ascii: " "))
        guard fields.count > 1, let pages = Int(String(decoding: fields[1], as: UTF8.self)) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    func kill(_ signal: Int32) {
        if termination == nil {
            _ = Glibc.kill(pid, signal)
        }
    }

    private func reap(_ options: Int32) -> Termination? {
        var raw: Int32 = 0
        var usage = rusage()
        let result = wait4(pid, &raw, options, &usage)
        if result < 0 && errno == EINTR { return nil }
        guard result == pid else { return nil }
        let signal = raw & 0x7F
        let ended = Termination(
            status: signal == 0 ? (raw >> 8) & 0xFF : nil, signal: signal == 0 ? nil : signal,
            peakMemory: usage.ru_maxrss * 1024)
        termination = ended
        return ended
    }
}
