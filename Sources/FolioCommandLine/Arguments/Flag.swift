/// A flag such as `--force` or `-R`: read it with `arguments[flag]`, a `Bool`.
///
/// ```swift
/// static let long = Flag("--long", "-l", help: "show permissions, size and date")
/// // in the command:
/// if arguments[long] { … }
/// ```
public struct Flag: OptionParameter {
    public let declaration: OptionDeclaration

    /// A flag spelt `names` (canonical first: `"--recursive", "-R"`).
    public init(_ names: String..., help: String) {
        declaration = OptionDeclaration(names: names, kind: .flag, valueName: "", help: help)
    }
}
