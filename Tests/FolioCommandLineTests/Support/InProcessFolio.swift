import FolioCommandLine

/// One run of `folio` in the test's own process: what it printed and its exit status.
struct FolioRun: Sendable {
    var status: Int32
    var standardOutput: String
    var standardError: String
}

/// Runs `folio` in this process, as `main` does, with its output collected in memory: the way
/// CLI tests run unless they test the process itself (signals, the umask, a real terminal).
enum InProcessFolio {
    /// Runs `folio arguments…` with `input` on standard input.
    ///
    /// - Parameters:
    ///   - isTerminal: whether standard input and output pretend to be a terminal.
    ///   - environment: the environment commands see (`PAGER`, `LINES`); empty by default, so a
    ///     test does not depend on the one it runs in.
    static func run(
        _ arguments: [String], input: String = "", isTerminal: Bool = false, environment: [String: String] = [:]
    ) async -> FolioRun {
        let output = Output.memory(isTerminal: isTerminal)
        let status = await FolioCLI.run(
            arguments, output: output, input: .text(input, isTerminal: isTerminal), environment: environment)
        return FolioRun(status: status, standardOutput: output.capturedOutput, standardError: output.capturedError)
    }
}
