/// A positional argument that must be given, such as `mv`'s `SRC`: `arguments[argument]` is the word.
public struct Argument: CommandParameter {
    public let declaration: PositionalDeclaration

    /// A positional shown as `name` (`PATH`), with `help` in the command's help.
    public init(_ name: String, help: String = "") {
        declaration = PositionalDeclaration(name: name, arity: .one, help: help)
    }

    public var parameter: Parameter { .positional(declaration) }
}

/// A positional argument that may be left out, such as `ls`'s `[PATH]`: `arguments[argument]` is
/// the word or nil.
public struct OptionalArgument: CommandParameter {
    public let declaration: PositionalDeclaration

    /// An optional positional shown as `[name]`.
    public init(_ name: String, help: String = "") {
        declaration = PositionalDeclaration(name: name, arity: .optional, help: help)
    }

    public var parameter: Parameter { .positional(declaration) }
}

/// The positional arguments left, such as `rm`'s `PATH…`: `arguments[argument]` is every word.
public struct RepeatedArgument: CommandParameter {
    public let declaration: PositionalDeclaration

    /// A positional that takes the words left, at least `minimum` of them.
    public init(_ name: String, minimum: Int = 1, help: String = "") {
        declaration = PositionalDeclaration(name: name, arity: .many(minimum: minimum), help: help)
    }

    public var parameter: Parameter { .positional(declaration) }
}
