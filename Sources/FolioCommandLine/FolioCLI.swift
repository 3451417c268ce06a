import FolioSandbox

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
        ServeCommand.command,
        DatabaseCommand.command,
        GeoCommand.command,
    ]

    /// Runs `folio` with `arguments` (without the program name).
    ///
    /// Global options may appear anywhere before `--`: `--home DIR`, `--json`, `--help`, `--version`.
    /// - Returns: the exit status.
    public static func run(_ arguments: [String], output: Output, input: Input) async -> Int32 {
        defer { output.flush() }
        let global: GlobalOptions
        do {
            global = try GlobalOptions(arguments)
        } catch {
            return usageFailure(error, output: output)
        }
        if global.wantsVersion {
            output.line("folio \(version)")
            return 0
        }
        let context = CommandContext(
            output: output, input: input, wantsJSON: global.wantsJSON, homeOverride: global.home)
        guard let name = global.rest.first, name != "help" || global.rest.count > 1 || !global.wantsHelp else {
            output.write(overview())
            return global.rest.isEmpty && !global.wantsHelp ? 2 : 0
        }
        if name == "help" {
            return help(for: Array(global.rest.dropFirst()), output: output)
        }
        guard var command = commands.first(where: { $0.name == name }) else {
            return usageFailure(UsageError("unknown command '\(name)'; run 'folio help' for the list"), output: output)
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
                return usageFailure(
                    UsageError("'\(prefix)' needs a subcommand", usage: command.usage), output: output)
            }
            guard let sub = command.subcommands.first(where: { $0.name == word }) else {
                return usageFailure(
                    UsageError("unknown subcommand '\(word)' of '\(prefix)'", usage: command.usage), output: output)
            }
            command = Command(sub, usagePrefix: groups)
            groups += " " + word
            prefix += " " + word
            rest.removeFirst()
        }
        if global.wantsHelp {
            output.write(command.help())
            return 0
        }
        guard let action = command.action else {
            return usageFailure(UsageError("'\(prefix)' cannot run by itself", usage: command.usage), output: output)
        }
        do {
            let parsed = try Arguments(rest, spec: command.spec, usage: command.usage)
            try await action(parsed, context)
            output.flush()
            return 0
        } catch let error as UsageError {
            return usageFailure(error, output: output)
        } catch {
            output.endProgress()
            output.error("folio: \(error)")
            return 1
        }
    }

    private static func usageFailure(_ error: Error, output: Output) -> Int32 {
        output.error("folio: \(error)")
        if let usage = (error as? UsageError)?.usage {
            output.error("usage: folio \(usage)")
        }
        return 2
    }

    private static func help(for words: [String], output: Output) -> Int32 {
        guard let first = words.first else {
            output.write(overview())
            return 0
        }
        guard var command = commands.first(where: { $0.name == first }) else {
            return usageFailure(UsageError("unknown command '\(first)'"), output: output)
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
