import FolioCore
import FolioSandbox
import Foundation

/// The `folio` command line: global options, command lookup, exit codes.
///
/// Exit status 0 means success, 1 a failure (the message is on standard error), 2 a usage error.
public enum FolioCLI {
    /// Folio's version.
    public static let version = "0.1.0"

    /// Every top-level command, in the order `folio help` lists them.
    public static let commands: [Command] = [
        HomeCommand.command,
        ListCommand.command,
        MakeDirectoryCommand.command,
        WriteCommand.command,
        CatCommand.command,
        RemoveCommand.command,
        MoveCommand.command,
        CopyCommand.command,
        StatCommand.command,
        ChangeAttributesCommand.command,
        PatchCommand.command,
        ResourceCommand.command,
        FetchCommand.command,
        TableCommand.command,
        DocumentCommand.command,
        SearchCommand.command,
        ServeCommand.command,
        DatabaseCommand.command,
        GeoCommand.command,
        SettingsCommand.command,
    ]

    /// The global options' names, offered as suggestions for a mistyped option anywhere.
    static let globalOptionNames = ["--home", "--json", "--help", "--version"]

    /// Runs `folio` with `arguments` (without the program name).
    ///
    /// Global options may appear anywhere before `--`: `--home DIR`, `--json`, `--help`, `--version`.
    /// Tests run it in their own process with ``Output/memory(isTerminal:)`` and ``Input/text(_:isTerminal:)``.
    ///
    /// - Parameters:
    ///   - environment: what commands read of the environment (`PAGER`, `LINES`, `NO_COLOR`).
    /// - Returns: the exit status: 0 ok, 1 failed, 2 usage.
    public static func run(
        _ arguments: [String], output: Output, input: Input,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) async -> Int32 {
        defer { output.flush() }
        let global: GlobalOptions
        do {
            global = try GlobalOptions(arguments)
        } catch {
            return failure(error, status: 2, wantsJSON: arguments.contains("--json"), output: output)
        }
        let wantsJSON = global.wantsJSON
        if global.wantsVersion {
            output.line("folio \(version)")
            return 0
        }
        let context = CommandContext(
            output: output, input: input, wantsJSON: wantsJSON, homeOverride: global.home, environment: environment)
        guard let name = global.rest.first else {
            if global.wantsHelp {
                output.write(overview())
                return 0
            }
            // Bare `folio`: the usage is the answer, on standard error, as a usage error.
            if wantsJSON {
                return failure(
                    UsageError("a command is needed; run 'folio help' for the list"), status: 2,
                    wantsJSON: true, output: output)
            }
            output.errorText(overview())
            return 2
        }
        if name == "help" {
            return help(for: Array(global.rest.dropFirst()), output: output, wantsJSON: wantsJSON)
        }
        if name.hasPrefix("-") && name != "-" && !Arguments.readsAsNumber(name) {
            // An option before the command that is not a global one: say so, not "unknown command".
            let spelling = name.split(separator: "=", maxSplits: 1).first.map(String.init) ?? name
            let error = UsageError(
                "unknown option '\(spelling)'" + Suggestion.clause(for: spelling, among: globalOptionNames),
                usage: "[--home DIR] [--json] <command> [arguments]")
            return failure(error, status: 2, wantsJSON: wantsJSON, output: output)
        }
        var command: Command
        switch find(name, in: commands, prefix: "folio") {
        case .success(let found): command = found
        case .failure(let error): return failure(error, status: 2, wantsJSON: wantsJSON, output: output)
        }
        var rest = Array(global.rest.dropFirst())
        var prefix = "folio \(name)"
        var groups = name
        while !command.subcommands.isEmpty {
            guard let word = rest.first, !word.hasPrefix("-") else {
                if global.wantsHelp {
                    output.write(command.help())
                    return 0
                }
                return failure(
                    UsageError("'\(prefix)' needs a subcommand", usage: command.usage), status: 2, wantsJSON: wantsJSON,
                    output: output)
            }
            switch find(word, in: command.subcommands, prefix: prefix, usage: command.usage) {
            case .success(let sub): command = Command(sub, usagePrefix: groups)
            case .failure(let error): return failure(error, status: 2, wantsJSON: wantsJSON, output: output)
            }
            groups += " " + word
            prefix += " " + word
            rest.removeFirst()
        }
        if global.wantsHelp {
            output.write(command.help())
            return 0
        }
        guard let action = command.action else {
            return failure(
                UsageError("'\(prefix)' cannot run by itself", usage: command.usage), status: 2, wantsJSON: wantsJSON,
                output: output)
        }
        do {
            let parsed = try Arguments(
                rest, parameters: command.parameters, usage: command.usage, otherOptions: globalOptionNames)
            try await action(parsed, context)
            output.flush()
            return 0
        } catch let error as UsageError {
            return failure(error, status: 2, wantsJSON: wantsJSON, output: output)
        } catch {
            output.endProgress()
            return failure(error, status: 1, wantsJSON: wantsJSON, output: output)
        }
    }

    /// The command called `name` among `candidates`, or a usage error suggesting the nearest.
    private static func find(
        _ name: String, in candidates: [Command], prefix: String, usage: String? = nil
    ) -> Result<Command, UsageError> {
        if let command = candidates.first(where: { $0.name == name }) {
            return .success(command)
        }
        let names = candidates.map(\.name)
        let suggestion = Suggestion.clause(for: name, among: names)
        if prefix == "folio" {
            return .failure(
                UsageError(
                    "unknown command '\(name)'" + (suggestion.isEmpty ? "; run 'folio help' for the list" : suggestion))
            )
        }
        return .failure(UsageError("unknown subcommand '\(name)' of '\(prefix)'\(suggestion)", usage: usage))
    }

    /// Reports `error` on standard error — `folio: message` and the usage for a usage error, or
    /// with `--json` one JSON document — and returns `status`.
    private static func failure(_ error: any Error, status: Int32, wantsJSON: Bool, output: Output) -> Int32 {
        if wantsJSON {
            output.errorJSON(ErrorReport(error, status: Int(status), code: status == 2 ? "usage" : "failed").document)
            return status
        }
        output.error("folio: \(error)")
        if let usage = (error as? UsageError)?.usage {
            output.error(Command.wrapped(usage: "folio \(usage)"))
        }
        return status
    }

    private static func help(for words: [String], output: Output, wantsJSON: Bool) -> Int32 {
        guard let first = words.first else {
            output.write(overview())
            return 0
        }
        var command: Command
        switch find(first, in: commands, prefix: "folio") {
        case .success(let found): command = found
        case .failure(let error): return failure(error, status: 2, wantsJSON: wantsJSON, output: output)
        }
        var groups = first
        for word in words.dropFirst() {
            guard let sub = command.subcommands.first(where: { $0.name == word }) else { break }
            command = Command(sub, usagePrefix: groups)
            groups += " " + word
        }
        output.write(command.help())
        return 0
    }

    /// The text of `folio help`.
    public static func overview() -> String {
        var text = """
            usage: folio [--home DIR] [--json] <command> [arguments]

            Folio: a sandboxed Home container with file management, documents, tables, SQLite
            and location services. Paths are relative to the Home: Documents/a.txt, tmp/x.

            commands:

            """
        let width = commands.map(\.name.count).max() ?? 0
        for command in commands {
            text += "  \(command.name.padding(toLength: width, withPad: " ", startingAt: 0))  \(command.summary)\n"
        }
        text += """

            global options:
              --home DIR   the Home container (default: $FOLIO_HOME, else ~/.local/share/folio)
              --json       print JSON for scripts
              --help       help for a command: folio help <command>
              --version    print the version

            exit status: 0 ok, 1 failed (message on stderr), 2 usage error

            """
        return text
    }
}

extension Command {
    /// A subcommand whose usage names its group: `doc rename NAME NEW`.
    init(_ sub: Command, usagePrefix: String) {
        self = sub.prefixingUsage(with: usagePrefix)
    }
}
