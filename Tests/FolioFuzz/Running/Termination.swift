import Glibc

/// How a child process ended.
struct Termination: Sendable, CustomStringConvertible {
    /// The exit status, when it exited.
    var status: Int32?
    /// The signal that killed it, when one did.
    var signal: Int32?
    /// Its peak resident memory in bytes, as the kernel counted it.
    var peakMemory: Int

    /// Whether it exited 0, 1 or 2: what every Folio command may exit with.
    var isAllowedExit: Bool {
        status.map { (0...2).contains($0) } ?? false
    }

    var description: String {
        if let signal {
            return "signal \(signal) (\(Termination.signalName(signal)))"
        }
        return "exit status \(status ?? -1)"
    }

    static func signalName(_ signal: Int32) -> String {
        switch signal {
        case SIGSEGV: "SIGSEGV"
        case SIGILL: "SIGILL"
        case SIGTRAP: "SIGTRAP"
        case SIGABRT: "SIGABRT"
        case SIGBUS: "SIGBUS"
        case SIGFPE: "SIGFPE"
        case SIGKILL: "SIGKILL"
        case SIGTERM: "SIGTERM"
        default: "signal \(signal)"
        }
    }
}
