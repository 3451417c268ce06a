/// One command of `folio` (`ls`, `doc rename`, …) or a group of subcommands (`doc`, `db`).
///
/// A command parses its arguments, calls a library, and renders the result; it holds no domain
/// logic of its own.
public struct Command: Sendable {
    /// What a command does with its parsed arguments.
    public typealias Action = @Sendable (Arguments, CommandContext) async throws -> Void

    /// The word that selects it: `ls`, `rename`.
    public let name: String
    /// One line for `folio help`.
    public let summary: String
    /// The usage after `folio`, e.g. `ls [-R] [-l] [PATH]`.
    public private(set) var usage: String
    /// The options it accepts.
    public let spec: ArgumentSpec
    /// Subcommands, for a group.
    public let subcommands: [Command]
    /// What it does; nil for a group.
    public let action: Action?
    /// A longer explanation for `folio help NAME`.
    public let discussion: String

    /// A command that runs `action`.
    public init(
        _ name: String,
        summary: String,
        usage: String,
        options: [ArgumentSpec.Option] = [],
        discussion: String = "",
        action: @escaping Action
    ) {
        self.name = name
        self.summary = summary
        self.usage = usage
        self.spec = ArgumentSpec(options)
        self.subcommands = []
        self.action = action
        self.discussion = discussion
    }

    /// A group of subcommands, selected by the next word.
    public init(group name: String, summary: String, subcommands: [Command], discussion: String = "") {
        self.name = name
        self.summary = summary
        self.usage = "\(name) <\(subcommands.map(\.name).joined(separator: "|"))> …"
        self.spec = ArgumentSpec()
        self.subcommands = subcommands
        self.action = nil
        self.discussion = discussion
    }

    /// This command with its usage prefixed by its group's name.
    func prefixingUsage(with group: String) -> Command {
        var copy = self
        copy.usage = "\(group) \(usage)"
        return copy
    }

    /// The help text: usage, summary, options and subcommands.
    public func help(prefix: String = "folio") -> String {
        var text = "usage: \(prefix) \(usage)\n\n\(summary)\n"
        if !discussion.isEmpty {
            text += "\n\(discussion)\n"
        }
        if !subcommands.isEmpty {
            text += "\nsubcommands:\n"
            let width = subcommands.map(\.name.count).max() ?? 0
            for sub in subcommands {
                text += "  \(sub.name.padding(toLength: width, withPad: " ", startingAt: 0))  \(sub.summary)\n"
            }
        }
        if !spec.options.isEmpty {
            text += "\noptions:\n"
            let rendered = spec.options.map { option -> (String, String) in
                let names = option.names.joined(separator: ", ")
                return (option.takesValue ? "\(names) \(option.valueName)" : names, option.help)
            }
            let width = rendered.map(\.0.count).max() ?? 0
            for (names, help) in rendered {
                text += "  \(names.padding(toLength: width, withPad: " ", startingAt: 0))  \(help)\n"
            }
        }
        return text
    }
}
