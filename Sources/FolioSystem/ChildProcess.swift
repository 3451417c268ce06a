import CFolioSystem
import Glibc

/// A process this one started, and how it ended.
///
/// The child stays in this process's process group, which is what a pager needs to read keys
/// from the terminal (Foundation's `Process` puts children in a group of their own).
package final class ChildProcess: Sendable {
    /// How a child process ended.
    package enum Termination: Sendable, Hashable {
        /// It exited with this status (0 to 255).
        case exited(Int32)
        /// A signal with this number ended it.
        case signalled(Int32)
    }

    /// The process ID.
    package let processID: Int32

    private init(processID: Int32) {
        self.processID = processID
    }

    /// Starts `/bin/sh -c command` with its standard input reading from a new pipe, and returns
    /// it with the pipe's write end.
    ///
    /// From then on this process ignores `SIGPIPE`, so writing to the pipe once the command has
    /// quit fails with `.brokenPipe` instead of ending the process; the command itself starts
    /// with the default action.
    ///
    /// The corresponding C functions are `pipe2` and `posix_spawn`.
    /// - Parameter defaults: environment variables the command gets when this process's
    ///   environment does not set them.
    package static func shell(_ command: String, environmentDefaults defaults: [String: String] = [:])
        throws(SystemError) -> (process: ChildProcess, input: FileDescriptor)
    {
        signal(SIGPIPE, SIG_IGN)
        var ends: [Int32] = [0, 0]
        _ = try retryingInterrupts("pipe2") { folio_pipe(&ends) }
        let readEnd = FileDescriptor(owning: ends[0])
        let writeEnd = FileDescriptor(owning: ends[1])

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, readEnd.rawValue, STDIN_FILENO)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaultSignals = sigset_t()
        sigemptyset(&defaultSignals)
        sigaddset(&defaultSignals, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaultSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))

        var environment = currentEnvironment()
        let present = Set(environment.compactMap { $0.split(separator: "=", maxSplits: 1).first.map(String.init) })
        for (name, value) in defaults.sorted(by: { $0.key < $1.key }) where !present.contains(name) {
            environment.append("\(name)=\(value)")
        }
        let words: [String] = ["/bin/sh", "-c", command]
        var arguments: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) }
        var variables: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) }
        defer {
            arguments.forEach { free($0) }
            variables.forEach { free($0) }
        }
        arguments.append(nil)
        variables.append(nil)
        var processID: pid_t = 0
        // The read end stays open until the child has its own copy.
        let status = withExtendedLifetime(readEnd) {
            posix_spawn(&processID, "/bin/sh", &actions, &attributes, arguments, variables)
        }
        guard status == 0 else {
            throw SystemError(Errno(status), call: "posix_spawn", path: "/bin/sh")
        }
        return (ChildProcess(processID: processID), writeEnd)
    }

    /// This process's environment, as `NAME=value` strings.
    private static func currentEnvironment() -> [String] {
        var result: [String] = []
        var entry = environ
        while let variable = entry.pointee {
            result.append(String(cString: variable))
            entry = entry.advanced(by: 1)
        }
        return result
    }

    /// Waits until the process ends and tells how.
    ///
    /// The corresponding C function is `waitpid`.
    package func wait() throws(SystemError) -> Termination {
        var status: Int32 = 0
        _ = try retryingInterrupts("waitpid") { waitpid(processID, &status, 0) }
        let signal = status & 0x7F
        return signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
    }
}
