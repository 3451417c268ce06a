/// One command of `folio` (`ls`, `doc rename`, …) or a group of subcommands (`doc`, `db`).
///
/// A command declares its options and positionals as values (``Flag``, ``Option``, ``Argument``,
/// …), which its action reads back from the parsed ``Arguments``; its usage line and its help are
/// generated from the same declarations. It parses its arguments, calls a library, and renders
/// the result; it holds no domain logic of its own.
///
/// ```swift
/// enum ListCommand {
///     static let long = Flag("--long", "-l", help: "show permissions, size and date")
///     static let path = OptionalArgument("PATH")
///     static let command = Command("ls", summary: "list a directory", parameters: [long, path]) { arguments, context in
///         let path = arguments[Self.path] ?? "."
///         …
///     }
/// }
/// ```
public struct Command: Sendable {
    /// What a command does with its parsed arguments.
    public typealias Action = @Sendable (Arguments, CommandContext) async throws -> Void

    /// The word that selects it: `ls`, `rename`.
    public let name: String
    /// One line for `folio help`.
    public let summary: String
    /// The usage after `folio`, e.g. `ls [-R] [-l] [PATH]`.
    public private(set) var usage: String
    /// The options and positionals it accepts, in the order usage and help show them.
    public let parameters: [Parameter]
    /// Subcommands, for a group.
    public let subcommands: [Command]
    /// What it does; nil for a group.
    public let action: Action?
    /// A longer explanation for `folio help NAME`.
    public let discussion: String

    /// A command that runs `action` with the arguments parsed against `parameters`.
    ///
    /// - Parameters:
    ///   - usage: the usage after the name, only for a command whose positionals a declaration
    ///     cannot describe (`trash [list | restore NAME | empty [--yes]]`); generated otherwise.
    public init(
        _ name: String,
        summary: String,
        parameters: [any CommandParameter] = [],
        usage: String? = nil,
        discussion: String = "",
        action: @escaping Action
    ) {
        self.name = name
        self.summary = summary
        self.parameters = parameters.map(\.parameter)
        self.usage = usage.map { "\(name) \($0)" } ?? Command.usage(name, self.parameters)
        self.subcommands = []
        self.action = action
        self.discussion = discussion
    }

    /// A group of subcommands, selected by the next word.
    public init(group name: String, summary: String, subcommands: [Command], discussion: String = "") {
        self.name = name
        self.summary = summary
        self.usage = "\(name) <\(subcommands.map(\.name).joined(separator: "|"))> …"
        self.parameters = []
        self.subcommands = subcommands
        self.action = nil
        self.discussion = discussion
    }

    /// The usage line generated from the declarations: `ls [-R] [-l] [--depth N] [PATH]`.
    static func usage(_ name: String, _ parameters: [Parameter]) -> String {
        var words = [name]
        for parameter in parameters {
            switch parameter {
            case .option(let option):
                switch option.kind {
                case .required: words.append(option.usageText)
                case .repeated: words.append("[\(option.usageText)]…")
                case .flag, .single: words.append("[\(option.usageText)]")
                }
            case .positional(let positional):
                words.append(positional.usageText)
            case .exclusive(let options, let isRequired):
                let alternatives = options.map(\.usageText).joined(separator: " | ")
                words.append(isRequired ? "(\(alternatives))" : "[\(alternatives)]")
            }
        }
        return words.joined(separator: " ")
    }

    /// This command with its usage prefixed by its group's name.
    func prefixingUsage(with group: String) -> Command {
        var copy = self
        copy.usage = "\(group) \(usage)"
        return copy
    }

    /// The options it declares, in order.
    var options: [OptionDeclaration] {
        parameters.flatMap(\.options)
    }

    /// The help text: usage, summary, discussion, positionals, options and subcommands.
    public func help(prefix: String = "folio") -> String {
        var text = Command.wrapped(usage: "\(prefix) \(usage)") + "\n\n\(summary)\n"
        if !discussion.isEmpty {
            text += "\n\(discussion)\n"
        }
        if !subcommands.isEmpty {
            text += "\nsubcommands:\n"
            text += Command.columns(subcommands.map { ($0.name, $0.summary) })
        }
        let positionals = parameters.compactMap { parameter -> (String, String)? in
            guard case .positional(let positional) = parameter, !positional.help.isEmpty else { return nil }
            return (positional.name, positional.help)
        }
        if !positionals.isEmpty {
            text += "\narguments:\n" + Command.columns(positionals)
        }
        if !options.isEmpty {
            text += "\noptions:\n"
            text += Command.columns(
                options.map { option in
                    let names = option.names.joined(separator: ", ")
                    return (option.takesValue ? "\(names) \(option.valueName)" : names, option.help)
                })
        }
        return text
    }

    /// `usage: folio …`, wrapped at 100 columns with the lines after the first indented.
    static func wrapped(usage: String) -> String {
        let limit = 100
        let words = usage.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        // Keep bracketed groups together: "[--svg" "[--width" … are split at spaces inside them.
        var groups: [String] = []
        var depth = 0
        for word in words {
            if depth > 0, let last = groups.popLast() {
                groups.append(last + " " + word)
            } else {
                groups.append(word)
            }
            depth += word.filter { $0 == "[" || $0 == "(" }.count - word.filter { $0 == "]" || $0 == ")" }.count
            depth = max(0, depth)
        }
        var lines: [String] = []
        var line = "usage:"
        let indent = "       "
        for (offset, group) in groups.enumerated() {
            if offset > 2 && line.count + 1 + group.count > limit {
                lines.append(line)
                line = indent + " " + group
                continue
            }
            line += " " + group
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }

    private static func columns(_ rows: [(String, String)]) -> String {
        let width = rows.map(\.0.count).max() ?? 0
        return rows.map { name, help in
            help.isEmpty ? "  \(name)\n" : "  \(name.padding(toLength: width, withPad: " ", startingAt: 0))  \(help)\n"
        }.joined()
    }
}
