/// An option with one value, such as `--depth 2` or `--mode=600`: `arguments[option]` is the
/// value read by the option's parser, or nil when it was not given.
///
/// The value is read once, while parsing: a value the parser refuses is a usage error (exit 2)
/// naming the option, before the command runs.
public struct Option<Value: Sendable>: OptionParameter {
    public let declaration: OptionDeclaration

    /// An option spelt `names`, whose value `parse` reads (a library's parser of distances,
    /// kinds, …).
    public init(
        _ names: String..., valueName: String, help: String,
        parse: @escaping @Sendable (String) throws -> Value
    ) {
        declaration = OptionDeclaration(names: names, kind: .single, valueName: valueName, help: help, parse: parse)
    }
}

extension Option {
    /// An option followed by several words, such as `--move FROM TO`: `valueNames` are their
    /// placeholders, and `parse` reads the words given (as many as `valueNames`).
    public init(
        _ names: String..., valueNames: [String], help: String,
        parse: @escaping @Sendable ([String]) throws -> Value
    ) {
        let count = valueNames.count
        declaration = OptionDeclaration(
            names: names, kind: .single, valueName: valueNames.joined(separator: " "), help: help, valueCount: count
        ) { text in
            try parse(
                text.split(separator: OptionDeclaration.valueSeparator, omittingEmptySubsequences: false).map(
                    String.init))
        }
    }
}

extension Option where Value == String {
    /// An option whose value is the text given.
    public init(_ names: String..., valueName: String, help: String) {
        declaration = OptionDeclaration(names: names, kind: .single, valueName: valueName, help: help)
    }
}

/// An option with one value that must be given, such as `patch`'s `--offset N`: `arguments[option]`
/// is the value.
public struct RequiredOption<Value: Sendable>: OptionParameter {
    public let declaration: OptionDeclaration

    /// A required option spelt `names`, whose value `parse` reads.
    public init(
        _ names: String..., valueName: String, help: String,
        parse: @escaping @Sendable (String) throws -> Value
    ) {
        declaration = OptionDeclaration(names: names, kind: .required, valueName: valueName, help: help, parse: parse)
    }
}

/// An option that may be given several times, such as `--param V`: `arguments[option]` is every
/// value, in order.
public struct RepeatedOption<Value: Sendable>: OptionParameter {
    public let declaration: OptionDeclaration

    /// A repeatable option spelt `names`, whose values `parse` reads.
    public init(
        _ names: String..., valueName: String, help: String,
        parse: @escaping @Sendable (String) throws -> Value
    ) {
        declaration = OptionDeclaration(names: names, kind: .repeated, valueName: valueName, help: help, parse: parse)
    }
}

extension RepeatedOption where Value == String {
    /// A repeatable option whose values are the texts given.
    public init(_ names: String..., valueName: String, help: String) {
        declaration = OptionDeclaration(names: names, kind: .repeated, valueName: valueName, help: help)
    }
}

/// Options of which at most one may be given (`--hide-extension` or `--show-extension`), or,
/// when required, exactly one (`--data` or `--hex`). The parser enforces it; usage shows
/// `[--a | --b]` or `(--a | --b)`. Read each option through its own declaration.
public struct ExclusiveOptions: CommandParameter {
    public let parameter: Parameter

    /// Groups `options`; `isRequired` when one of them must be given.
    public init(_ options: any OptionParameter..., isRequired: Bool = false) {
        precondition(options.count > 1, "exclusive options need two options or more")
        parameter = .exclusive(options.map(\.declaration), isRequired: isRequired)
    }
}

/// A value an option's parser refuses for not being what it expects: the parser names what it
/// expected ("a whole number") and the message names the option ("option '--depth' needs a
/// whole number, not 'x'").
struct OptionValueError: Error {
    /// What the option needs, as a noun phrase.
    var expected: String
}

/// Whole numbers given to options: `Option("--depth", valueName: "N", help: …, parse: WholeNumber.parse)`.
enum WholeNumber {
    /// `text` as an `Int`.
    ///
    /// - Throws: ``OptionValueError`` when it is not a whole number.
    @Sendable static func parse(_ text: String) throws(OptionValueError) -> Int {
        guard let number = Int(text) else { throw OptionValueError(expected: "a whole number") }
        return number
    }
}
