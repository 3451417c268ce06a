/// A command's arguments, parsed once against its declared ``Parameter``s and read back through
/// the declarations themselves: `arguments[Self.long]`, `arguments[Self.depth]`,
/// `arguments[Self.path]`. A misspelt declaration does not compile, and reading one the command
/// did not declare is a programmer error that traps with a message.
///
/// Accepts `--name value`, `--name=value`, `-n value`, `-nvalue`, bundled short flags (`-Rl`),
/// and `--` to end options (everything after it is positional, so a file named `-x` can be given).
/// Every value is read by its option's parser while parsing, and the positionals are counted
/// against the declaration, so a command runs only with arguments that fit it.
///
/// An argument that reads as a number or a coordinate — a `-` followed by a digit or a `.`, such
/// as `-5`, `-.5` or `-41.32,174.81` — is a positional, never an option (the rule of Python's
/// argparse): half the world's coordinates start with a minus, and no option is spelt that way.
public struct Arguments: Sendable {
    /// Positional arguments in order.
    public private(set) var positionals: [String] = []
    private var values: [String: [any Sendable]] = [:]
    private var flags: Set<String> = []
    private var positionalValues: [String: [String]] = [:]
    private let declared: Set<String>
    /// The usage line, quoted in errors.
    public let usage: String

    /// Parses `raw` against `parameters`.
    ///
    /// - Parameters:
    ///   - otherOptions: options valid elsewhere on the command line (the global `--json`), offered
    ///     as suggestions for a mistyped option.
    /// - Throws: ``UsageError`` for an unknown option, a missing or refused value, a repeated
    ///   single option, options that exclude each other, or too few or too many positionals.
    public init(
        _ raw: [String], parameters: [Parameter], usage: String, otherOptions: [String] = []
    ) throws(UsageError) {
        self.usage = usage
        let options = parameters.flatMap(\.options)
        var declared = Set(options.map(\.name))
        var byName: [String: OptionDeclaration] = [:]
        for option in options {
            for name in option.names {
                precondition(byName[name] == nil, "option '\(name)' is declared twice")
                byName[name] = option
            }
        }
        let positionalDeclarations = parameters.compactMap { parameter -> PositionalDeclaration? in
            if case .positional(let positional) = parameter { return positional }
            return nil
        }
        declared.formUnion(positionalDeclarations.map(\.name))
        self.declared = declared
        let knownNames = byName.keys.sorted() + otherOptions
        var rawValues: [String: [String]] = [:]

        func unknown(_ name: String) -> UsageError {
            UsageError(
                "unknown option '\(name)'" + Suggestion.clause(for: name, among: knownNames), usage: usage)
        }
        func record(_ option: OptionDeclaration, spelt name: String, value: String?) throws(UsageError) {
            guard let value else {
                flags.insert(option.name)
                return
            }
            if option.kind != .repeated && rawValues[option.name] != nil {
                throw UsageError("option '\(name)' was given more than once", usage: usage)
            }
            rawValues[option.name, default: []].append(value)
        }

        var index = 0
        var optionsEnded = false
        while index < raw.count {
            let argument = raw[index]
            index += 1
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") || Arguments.readsAsNumber(argument) {
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            if argument.hasPrefix("--") {
                var name = argument
                var inlineValue: String?
                if let equals = argument.firstIndex(of: "=") {
                    name = String(argument[..<equals])
                    inlineValue = String(argument[argument.index(after: equals)...])
                }
                guard let option = byName[name] else { throw unknown(name) }
                if option.takesValue {
                    let value: String
                    if option.valueCount > 1 {
                        guard inlineValue == nil, index + option.valueCount <= raw.count else {
                            throw UsageError(
                                "option '\(name)' needs \(option.valueCount) values (\(option.valueName))", usage: usage
                            )
                        }
                        value = raw[index..<(index + option.valueCount)]
                            .joined(separator: String(OptionDeclaration.valueSeparator))
                        index += option.valueCount
                    } else if let inlineValue {
                        value = inlineValue
                    } else {
                        guard index < raw.count else {
                            throw UsageError("option '\(name)' needs a value (\(option.valueName))", usage: usage)
                        }
                        value = raw[index]
                        index += 1
                    }
                    try record(option, spelt: name, value: value)
                } else {
                    if inlineValue != nil {
                        throw UsageError("option '\(name)' takes no value", usage: usage)
                    }
                    try record(option, spelt: name, value: nil)
                }
                continue
            }
            // Short options, possibly bundled: -Rl, or -n 5, or -n5.
            let letters = Array(argument.dropFirst())
            var position = 0
            while position < letters.count {
                let name = "-" + String(letters[position])
                position += 1
                guard let option = byName[name] else { throw unknown(name) }
                if option.takesValue {
                    let rest = String(letters[position...])
                    let value: String
                    if !rest.isEmpty {
                        value = rest
                    } else {
                        guard index < raw.count else {
                            throw UsageError("option '\(name)' needs a value (\(option.valueName))", usage: usage)
                        }
                        value = raw[index]
                        index += 1
                    }
                    try record(option, spelt: name, value: value)
                    break
                }
                try record(option, spelt: name, value: nil)
            }
        }

        // Each value is read once, here.
        for option in options {
            guard let texts = rawValues[option.name] else {
                if option.kind == .required {
                    throw UsageError("missing option '\(option.name) \(option.valueName)'", usage: usage)
                }
                continue
            }
            var parsed: [any Sendable] = []
            for text in texts {
                do {
                    parsed.append(try option.parse(text))
                } catch let error as UsageError {
                    throw UsageError(error.message, usage: usage)
                } catch let error as OptionValueError {
                    throw UsageError("option '\(option.name)' needs \(error.expected), not '\(text)'", usage: usage)
                } catch {
                    throw UsageError("option '\(option.name)' cannot take '\(text)': \(error)", usage: usage)
                }
            }
            values[option.name] = parsed
        }
        for parameter in parameters {
            guard case .exclusive(let group, let isRequired) = parameter else { continue }
            let given = group.filter { flags.contains($0.name) || values[$0.name] != nil }.map(\.name)
            if given.count > 1 {
                throw UsageError("\(Arguments.list(given, "and")) cannot be given together", usage: usage)
            }
            if isRequired && given.isEmpty {
                throw UsageError("give one of \(Arguments.list(group.map(\.name), "or"))", usage: usage)
            }
        }
        try distribute(positionalDeclarations)
    }

    /// Assigns the positionals to their declarations in order: each required one a word, the
    /// optional ones a word while words are left beyond those still required, a repeated one the rest.
    private mutating func distribute(_ declarations: [PositionalDeclaration]) throws(UsageError) {
        func minimum(_ declaration: PositionalDeclaration) -> Int {
            switch declaration.arity {
            case .one: 1
            case .optional: 0
            case .many(let minimum): minimum
            }
        }
        var next = 0
        for (offset, declaration) in declarations.enumerated() {
            let stillRequired = declarations[(offset + 1)...].map(minimum).reduce(0, +)
            let available = positionals.count - next
            switch declaration.arity {
            case .one:
                guard available > 0 else { throw UsageError("missing \(declaration.name)", usage: usage) }
                positionalValues[declaration.name] = [positionals[next]]
                next += 1
            case .optional:
                if available > stillRequired {
                    positionalValues[declaration.name] = [positionals[next]]
                    next += 1
                }
            case .many(let least):
                let count = max(0, available - stillRequired)
                guard count >= least else { throw UsageError("missing \(declaration.name)", usage: usage) }
                positionalValues[declaration.name] = Array(positionals[next..<(next + count)])
                next += count
            }
        }
        if next < positionals.count {
            throw UsageError("unexpected argument '\(positionals[next])'", usage: usage)
        }
    }

    private static func list(_ names: [String], _ conjunction: String) -> String {
        guard let last = names.last, names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " \(conjunction) " + last
    }

    /// Whether `text` is a `-` followed by a digit or a `.`: a negative number or coordinate.
    static func readsAsNumber(_ text: String) -> Bool {
        let bytes = text.utf8.prefix(2)
        guard bytes.count == 2, let second = bytes.last else { return false }
        return bytes.first == 0x2D && ((0x30...0x39).contains(second) || second == 0x2E)
    }

    /// The value of `option` read by `parse` (a library's parser that needs what the command
    /// opened first, such as the document library's kinds), or nil when it is absent.
    ///
    /// - Throws: ``UsageError`` naming the option and saying why its value was refused: a value an
    ///   option cannot take is a usage error (exit 2), whatever the parser throws.
    public func value<Value>(_ option: Option<String>, parsedBy parse: (String) throws -> Value) throws(UsageError)
        -> Value?
    {
        guard let text = self[option] else { return nil }
        do {
            return try parse(text)
        } catch {
            throw UsageError("option '\(option.declaration.name)' cannot take '\(text)': \(error)", usage: usage)
        }
    }

    private func requireDeclared(_ name: String) {
        precondition(declared.contains(name), "\(name) is read but not declared by the command (usage: \(usage))")
    }

    /// Whether the flag was given.
    public subscript(flag: Flag) -> Bool {
        requireDeclared(flag.declaration.name)
        return flags.contains(flag.declaration.name)
    }

    /// The option's value, or nil when it was not given.
    public subscript<Value>(option: Option<Value>) -> Value? {
        requireDeclared(option.declaration.name)
        return values[option.declaration.name]?.last as? Value
    }

    /// The required option's value.
    public subscript<Value>(option: RequiredOption<Value>) -> Value {
        requireDeclared(option.declaration.name)
        guard let value = values[option.declaration.name]?.last as? Value else {
            preconditionFailure("\(option.declaration.name) is required but has no value")
        }
        return value
    }

    /// Every value of the repeatable option, in order.
    public subscript<Value>(option: RepeatedOption<Value>) -> [Value] {
        requireDeclared(option.declaration.name)
        return (values[option.declaration.name] ?? []).compactMap { $0 as? Value }
    }

    /// The positional's word.
    public subscript(argument: Argument) -> String {
        requireDeclared(argument.declaration.name)
        guard let word = positionalValues[argument.declaration.name]?.first else {
            preconditionFailure("\(argument.declaration.name) is required but was not assigned")
        }
        return word
    }

    /// The optional positional's word, or nil when it was left out.
    public subscript(argument: OptionalArgument) -> String? {
        requireDeclared(argument.declaration.name)
        return positionalValues[argument.declaration.name]?.first
    }

    /// Every word the repeated positional took.
    public subscript(argument: RepeatedArgument) -> [String] {
        requireDeclared(argument.declaration.name)
        return positionalValues[argument.declaration.name] ?? []
    }
}
