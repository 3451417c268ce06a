import FolioSandbox
import FolioSystem

/// A shell command (`/bin/sh -c`) reading what this process writes to it through a pipe: how a
/// command line hands long output to a pager.
///
/// The command runs in this process's process group, so a pager can read keys from the terminal.
/// From its start on, this process ignores `SIGPIPE`: a write after the command has quit throws
/// (`EPIPE` in the error's ``FileError/errno``) instead of ending the process.
///
/// ```swift
/// let pager = try PipedCommand(shell: "less", environmentDefaults: ["LESS": "FRX"])
/// try pager.write(Array(text.utf8))
/// let termination = try pager.finish()
/// ```
public final class PipedCommand {
    /// How the command ended.
    public enum Termination: Sendable, Hashable {
        /// It exited with this status (0 to 255; the shell says 126 or 127 when it could not
        /// run the command).
        case exited(Int32)
        /// A signal with this number ended it.
        case signalled(Int32)
    }

    /// The command line, for messages.
    public let command: String
    private let process: ChildProcess
    private var input: FileDescriptor?

    /// Starts `command` under `/bin/sh -c`.
    ///
    /// - Parameter environmentDefaults: variables the command gets when the environment does
    ///   not set them already (a pager's options, say).
    /// - Throws: ``FileError`` when the pipe or the process cannot be made.
    public init(shell command: String, environmentDefaults: [String: String] = [:]) throws(FileError) {
        do {
            (process, input) = try ChildProcess.shell(command, environmentDefaults: environmentDefaults)
        } catch {
            throw FileError(error, operation: "start", subject: command)
        }
        self.command = command
    }

    /// Writes all of `bytes` to the command's standard input.
    ///
    /// - Throws: ``FileError``, with `EPIPE` once the command has closed its end.
    public func write(_ bytes: some Sequence<UInt8>) throws(FileError) {
        guard let input else {
            throw FileError(.invalidArgument, operation: "write", subject: command, reason: "the pipe is closed")
        }
        do {
            try input.writeAll(bytes)
        } catch {
            throw FileError(error, operation: "write", subject: command)
        }
    }

    /// Closes the pipe, so the command reads the end of its input, and waits until it ends.
    ///
    /// - Throws: ``FileError`` when the process cannot be waited for (it was waited for already).
    @discardableResult
    public func finish() throws(FileError) -> Termination {
        input = nil
        do {
            switch try process.wait() {
            case .exited(let status): return .exited(status)
            case .signalled(let signal): return .signalled(signal)
            }
        } catch {
            throw FileError(error, operation: "wait for", subject: command)
        }
    }
}
