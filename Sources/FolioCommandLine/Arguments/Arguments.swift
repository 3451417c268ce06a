/// A command's arguments, parsed against its ``ArgumentSpec``.
///
/// Accepts `--name value`, `--name=value`, bundled short flags (`-Rl`), and `--` to end options
/// (everything after it is positional, so a file named `-x` can be given).
///
/// An argument that reads as a number or a coordinate — a `-` followed by a digit or a `.`, such
/// as `-5`, `-.5` or `-41.32,174.81` — is a positional, never an option (the rule of Python's
/// argparse): half the world's coordinates start with a minus, and no option is spelt that way.
public struct Arguments: Sendable {
    /// Positional arguments in order.
    public private(set) var positionals: [String] = []
    private var values: [String: [String]] = [:]
    private var flags: Set<String> = []
    /// The usage line, quoted in errors.
    public let usage: String

    /// Parses `raw` against `spec`.
    ///
    /// - Throws: ``UsageError`` for an unknown option, a missing value, or a repeated single option.
    public init(_ raw: [String], spec: ArgumentSpec, usage: String) throws(UsageError) {
        self.usage = usage
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
                guard let option = spec.option(named: name) else {
                    throw UsageError("unknown option '\(name)'", usage: usage)
                }
                if option.takesValue {
                    let value: String
                    if let inlineValue {
                        value = inlineValue
                    } else {
                        guard index < raw.count else {
                            throw UsageError("option '\(name)' needs a value (\(option.valueName))", usage: usage)
                        }
                        value = raw[index]
                        index += 1
                    }
                    try record(option, value: value)
                } else {
                    if inlineValue != nil {
                        throw UsageError("option '\(name)' takes no value", usage: usage)
                    }
                    try record(option, value: nil)
                }
                continue
            }
            // Short options, possibly bundled: -Rl, or -n 5.
            let letters = Array(argument.dropFirst())
            var position = 0
            while position < letters.count {
                let name = "-" + String(letters[position])
                position += 1
                guard let option = spec.option(named: name) else {
                    throw UsageError("unknown option '\(name)'", usage: usage)
                }
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
                    try record(option, value: value)
                    break
                }
                try record(option, value: nil)
            }
        }
    }

    private mutating func record(_ option: ArgumentSpec.Option, value: String?) throws(UsageError) {
        let key = option.names[0]
        if let value {
            if !option.isRepeatable && values[key] != nil {
                throw UsageError("option '\(key)' was given more than once", usage: usage)
            }
            values[key, default: []].append(value)
        } else {
            flags.insert(key)
        }
    }

    /// Whether `text` is a `-` followed by a digit or a `.`: a negative number or coordinate.
    static func readsAsNumber(_ text: String) -> Bool {
        let bytes = text.utf8.prefix(2)
        guard bytes.count == 2, let second = bytes.last else { return false }
        return bytes.first == 0x2D && ((0x30...0x39).contains(second) || second == 0x2E)
    }

    /// Whether the flag (by its canonical name) was given.
    public func flag(_ name: String) -> Bool {
        flags.contains(name)
    }

    /// The value of a single option, or nil when absent.
    public func value(_ name: String) -> String? {
        values[name]?.last
    }

    /// Every value of a repeatable option, in order.
    public func values(_ name: String) -> [String] {
        values[name] ?? []
    }

    /// The value of an option as an integer.
    ///
    /// - Throws: ``UsageError`` when present but not an integer.
    public func integer(_ name: String) throws(UsageError) -> Int? {
        guard let text = value(name) else { return nil }
        guard let number = Int(text) else {
            throw UsageError("option '\(name)' needs a whole number, not '\(text)'", usage: usage)
        }
        return number
    }

    /// The value of option `name` read by `parse` (a library's parser of distances, kinds, …), or
    /// nil when it is absent.
    ///
    /// - Throws: ``UsageError`` naming the option and saying why its value was refused: a value an
    ///   option cannot take is a usage error (exit 2), whatever the parser throws.
    public func value<Value>(_ name: String, parsedBy parse: (String) throws -> Value) throws(UsageError) -> Value? {
        guard let text = value(name) else { return nil }
        do {
            return try parse(text)
        } catch {
            throw UsageError("option '\(name)' cannot take '\(text)': \(error)", usage: usage)
        }
    }

    /// The positional argument at `index`.
    ///
    /// - Throws: ``UsageError`` naming `name` when it is missing.
    public func positional(_ index: Int, _ name: String) throws(UsageError) -> String {
        guard index < positionals.count else {
            throw UsageError("missing \(name)", usage: usage)
        }
        return positionals[index]
    }

    /// Refuses positional arguments beyond `count`.
    public func expectAtMost(_ count: Int) throws(UsageError) {
        if positionals.count > count {
            throw UsageError("unexpected argument '\(positionals[count])'", usage: usage)
        }
    }
}
