import FolioDatabase
import Foundation

/// One `--param` of `folio db exec`: a value for the next parameter, or for a named one.
enum ParameterValue: Equatable {
    case positional(DatabaseValue)
    case named(String, DatabaseValue)

    /// Reads `:name=V`, `@name=V`, `$name=V`, or `V` alone.
    ///
    /// - Throws: ``UsageError`` for a `blob:` value that is not hexadecimal or an `int:`/`real:`
    ///   value that is not a number.
    init(parsing text: String) throws(UsageError) {
        if let first = text.first, ":@$".contains(first), let equals = text.firstIndex(of: "="),
            equals > text.index(after: text.startIndex)
        {
            let name = String(text[..<equals])
            self = .named(name, try ParameterValue.value(String(text[text.index(after: equals)...])))
        } else {
            self = .positional(try ParameterValue.value(text))
        }
    }

    /// The statement arguments that `--param` values give, in order: positional ones fill the
    /// `?`s in turn, named ones their names.
    static func arguments(_ texts: [String]) throws(UsageError) -> StatementArguments {
        var arguments = StatementArguments()
        for text in texts {
            switch try ParameterValue(parsing: text) {
            case .positional(let value): arguments.positional.append(value)
            case .named(let name, let value): arguments.named[name] = value
            }
        }
        return arguments
    }

    /// The value `text` stands for: typed by a prefix, else inferred.
    static func value(_ text: String) throws(UsageError) -> DatabaseValue {
        if let rest = text.dropping(prefix: "text:") {
            return .text(rest)
        }
        if let rest = text.dropping(prefix: "int:") {
            guard let integer = Int64(rest) else { throw UsageError("--param int:\(rest) is not a whole number") }
            return .integer(integer)
        }
        if let rest = text.dropping(prefix: "real:") {
            guard let real = Double(rest), real.isFinite else {
                throw UsageError("--param real:\(rest) is not a number")
            }
            return .real(real)
        }
        if let rest = text.dropping(prefix: "blob:") {
            guard let data = Data(hexadecimal: rest) else {
                throw UsageError("--param blob:\(rest) is not hexadecimal bytes (e.g. blob:CAFE)")
            }
            return .blob(data)
        }
        if text.lowercased() == "null" {
            return .null
        }
        // A number only when written the way SQL writes one, so 007, +5 and inf stay text.
        if text.wholeMatch(of: /-?(0|[1-9][0-9]*)/) != nil, let integer = Int64(text) {
            return .integer(integer)
        }
        if text.wholeMatch(of: /-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/) != nil, let real = Double(text),
            real.isFinite
        {
            return .real(real)
        }
        return .text(text)
    }
}

extension String {
    /// The rest of the string after `prefix`, or nil when it does not start with it.
    fileprivate func dropping(prefix: String) -> String? {
        hasPrefix(prefix) ? String(dropFirst(prefix.count)) : nil
    }
}

extension Data {
    /// Bytes from hexadecimal digits (an even number of them), or nil.
    fileprivate init?(hexadecimal text: String) {
        let digits = Array(text.utf8)
        guard digits.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digits.count / 2)
        var index = 0
        while index < digits.count {
            guard let high = Data.nibble(digits[index]), let low = Data.nibble(digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        self.init(bytes)
    }

    private static func nibble(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
