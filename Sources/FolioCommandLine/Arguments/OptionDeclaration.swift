/// What the parser knows about one option, whatever the type of its value: its spellings, whether
/// it takes a value and how often, and how to read the value.
///
/// Commands do not build these themselves: they declare a ``Flag``, an ``Option``, a
/// ``RequiredOption`` or a ``RepeatedOption`` and read it back through the same value.
public struct OptionDeclaration: Sendable {
    /// How many values an option takes.
    public enum Kind: Sendable {
        /// No value: present or not (`--force`).
        case flag
        /// One value (`--depth 2`).
        case single
        /// One value, and the option must be given.
        case required
        /// One value each time, any number of times (`--param 1 --param 2`).
        case repeated
    }

    /// Every spelling, canonical first: `["--recursive", "-r"]`.
    public let names: [String]
    /// How many values it takes.
    public let kind: Kind
    /// The value's placeholder in usage and help, e.g. `N` (`FROM TO` for two values); empty for a flag.
    public let valueName: String
    /// How many words follow the option each time it is given: 1, or more for an option such as
    /// `--move FROM TO` (whose words reach `parse` joined by ``valueSeparator``).
    public let valueCount: Int
    /// What joins the words of an option with several values before `parse` reads them: NUL,
    /// which no command-line word can hold.
    static let valueSeparator: Character = "\u{0}"
    /// One line for help.
    public let help: String
    /// Reads a value; a ``UsageError`` it throws is shown as it is, anything else after
    /// "option '--name' cannot take 'value'".
    let parse: @Sendable (String) throws -> any Sendable

    init(
        names: [String], kind: Kind, valueName: String, help: String, valueCount: Int = 1,
        parse: @escaping @Sendable (String) throws -> any Sendable = { $0 }
    ) {
        precondition(valueCount >= 1, "an option with values takes at least one")
        self.valueCount = valueCount
        precondition(!names.isEmpty, "an option needs a name")
        for name in names {
            precondition(
                name.hasPrefix("--")
                    ? name.count > 2
                    : (name.count == 2 && name.hasPrefix("-")
                        && !Arguments.readsAsNumber(name)),
                "'\(name)' is not an option name: use --word or -letter")
        }
        self.names = names
        self.kind = kind
        self.valueName = valueName
        self.help = help
        self.parse = parse
    }

    /// The canonical name: `--recursive`.
    public var name: String { names[0] }

    /// Whether the option takes a value.
    public var takesValue: Bool { kind != .flag }

    /// The spelling usage lines show: the short one for a flag that has one (`-R`), else the long.
    var usageName: String {
        if kind == .flag, let short = names.first(where: { !$0.hasPrefix("--") }) {
            return short
        }
        return name
    }

    /// `-R`, `--depth N`: how the option is written in a usage line.
    var usageText: String {
        takesValue ? "\(usageName) \(valueName)" : usageName
    }
}

/// A positional argument's declaration: its placeholder, its help, and how many words it takes.
public struct PositionalDeclaration: Sendable {
    /// How many words a positional takes.
    public enum Arity: Sendable {
        /// Exactly one.
        case one
        /// One or none.
        case optional
        /// All the words left, at least `minimum` of them.
        case many(minimum: Int)
    }

    /// The placeholder in usage and help, e.g. `PATH`.
    public let name: String
    /// How many words it takes.
    public let arity: Arity
    /// One line for help; empty when the usage line says enough.
    public let help: String

    /// `PATH`, `[PATH]`, `PATH…`, `[PATH…]`.
    var usageText: String {
        switch arity {
        case .one: name
        case .optional: "[\(name)]"
        case .many(let minimum): minimum > 0 ? "\(name)…" : "[\(name)…]"
        }
    }
}

/// One thing a command declares: an option, a positional, or options of which one at most
/// (or exactly one) may be given.
public enum Parameter: Sendable {
    /// An option or a flag.
    case option(OptionDeclaration)
    /// A positional argument.
    case positional(PositionalDeclaration)
    /// Options that exclude one another; `isRequired` when one of them must be given.
    case exclusive([OptionDeclaration], isRequired: Bool)

    /// The options it declares.
    var options: [OptionDeclaration] {
        switch self {
        case .option(let option): [option]
        case .positional: []
        case .exclusive(let options, _): options
        }
    }
}

/// A declaration a command lists in its parameters: ``Flag``, ``Option``, ``Argument``, ….
public protocol CommandParameter: Sendable {
    /// What the parser and the help read.
    var parameter: Parameter { get }
}

/// A declaration of an option (not of a positional), which ``ExclusiveOptions`` can group.
public protocol OptionParameter: CommandParameter {
    /// The option's declaration.
    var declaration: OptionDeclaration { get }
}

extension OptionParameter {
    public var parameter: Parameter { .option(declaration) }
}
