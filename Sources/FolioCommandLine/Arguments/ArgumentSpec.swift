/// The options a command accepts.
///
/// Flags take no value (`-R`, `--force`); value options take one (`--mode 600`, `--mode=600`);
/// a short option is a letter, never a digit (`-5` is a number: see ``Arguments``);
/// repeatable options may appear several times (`--param 1 --param 2`). Each option may have
/// aliases (`-r` for `--recursive`); the first spelling is its canonical name.
public struct ArgumentSpec: Sendable {
    /// One option.
    public struct Option: Sendable {
        /// Every spelling, canonical first: `["--recursive", "-r"]`.
        public var names: [String]
        /// Whether the option takes a value.
        public var takesValue: Bool
        /// Whether the option may be given more than once.
        public var isRepeatable: Bool
        /// The value's placeholder in help, e.g. `N`.
        public var valueName: String
        /// One line for help.
        public var help: String
    }

    /// The options, in the order help lists them.
    public var options: [Option]

    public init(_ options: [Option] = []) {
        self.options = options
    }

    func option(named name: String) -> Option? {
        options.first { $0.names.contains(name) }
    }
}

extension ArgumentSpec.Option {
    /// A flag such as `--force` or `-R`.
    public static func flag(_ names: String..., help: String = "") -> ArgumentSpec.Option {
        ArgumentSpec.Option(names: names, takesValue: false, isRepeatable: false, valueName: "", help: help)
    }

    /// An option with a value such as `--mode 600`.
    public static func value(_ names: String..., name: String = "VALUE", help: String = "") -> ArgumentSpec.Option {
        ArgumentSpec.Option(names: names, takesValue: true, isRepeatable: false, valueName: name, help: help)
    }

    /// An option with a value that may repeat, such as `--param V`.
    public static func repeated(_ names: String..., name: String = "VALUE", help: String = "") -> ArgumentSpec.Option {
        ArgumentSpec.Option(names: names, takesValue: true, isRepeatable: true, valueName: name, help: help)
    }
}
