/// A strict JSON parser (RFC 8259) over UTF-8 bytes that keeps object members in order and
/// reports errors by line and column.
///
/// It also records where each element of a top-level array starts and ends, so a file can be
/// written back with its kept elements copied byte for byte. Nesting deeper than 512 levels is
/// refused rather than exhausting the stack.
struct JSONParser {
    private let bytes: [UInt8]
    private let name: String
    private var index = 0
    private var depth = 0
    private static let maximumDepth = 512

    init(_ bytes: [UInt8], name: String) {
        self.bytes = bytes
        self.name = name
    }

    /// Parses a document that is an array; returns each element with its byte range.
    mutating func parseTopLevelArray() throws(TableError) -> [(value: JSONValue, range: Range<Int>)] {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        skipWhitespace()
        guard peek() == UInt8(ascii: "[") else {
            throw error(peek() == nil ? "the document is empty" : "the document is not an array (expected '[')")
        }
        index += 1
        depth = 1
        var elements: [(JSONValue, Range<Int>)] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            index += 1
        } else {
            while true {
                skipWhitespace()
                let start = index
                let value = try parseValue()
                elements.append((value, start..<index))
                skipWhitespace()
                if try expectEither(",", "]") == "]" { break }
            }
        }
        skipWhitespace()
        guard peek() == nil else { throw error("unexpected text after the array") }
        return elements
    }

    private mutating func parseValue() throws(TableError) -> JSONValue {
        skipWhitespace()
        guard let byte = peek() else { throw error("the document ends where a value was expected") }
        switch byte {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
        case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
        case UInt8(ascii: "n"): return try parseLiteral("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw error("unexpected character \(describe(byte))")
        }
    }

    private mutating func parseObject() throws(TableError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        index += 1
        var members: [(key: String, value: JSONValue)] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard peek() == UInt8(ascii: "\"") else { throw error("expected a member name in quotes") }
            let key = try parseString()
            skipWhitespace()
            guard peek() == UInt8(ascii: ":") else { throw error("expected ':' after a member name") }
            index += 1
            members.append((key, try parseValue()))
            skipWhitespace()
            if try expectEither(",", "}") == "}" { return .object(members) }
        }
    }

    private mutating func parseArray() throws(TableError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        index += 1
        var values: [JSONValue] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            index += 1
            return .array(values)
        }
        while true {
            values.append(try parseValue())
            skipWhitespace()
            if try expectEither(",", "]") == "]" { return .array(values) }
        }
    }

    private mutating func parseString() throws(TableError) -> String {
        let start = index
        index += 1
        var scalars = String.UnicodeScalarView()
        var run = index
        func flush(upTo end: Int) throws(TableError) {
            guard let text = String(validating: bytes[run..<end], as: UTF8.self) else {
                throw error("a string is not valid UTF-8")
            }
            scalars.append(contentsOf: text.unicodeScalars)
        }
        while true {
            guard let byte = peek() else {
                index = start
                throw error("a string is not closed")
            }
            if byte == UInt8(ascii: "\"") {
                try flush(upTo: index)
                index += 1
                return String(scalars)
            }
            if byte < 0x20 {
                throw error("a string holds a raw control character (\(describe(byte))); write it escaped")
            }
            if byte == UInt8(ascii: "\\") {
                try flush(upTo: index)
                index += 1
                scalars.append(try parseEscape())
                run = index
                continue
            }
            index += 1
        }
    }

    private mutating func parseEscape() throws(TableError) -> Unicode.Scalar {
        guard let byte = peek() else { throw error("a string ends inside an escape") }
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let first = try parseHex()
            if (0xD800...0xDBFF).contains(first) {
                guard peek() == UInt8(ascii: "\\"), peek(1) == UInt8(ascii: "u") else {
                    throw error("a \\u escape holds half of a surrogate pair")
                }
                index += 2
                let second = try parseHex()
                guard (0xDC00...0xDFFF).contains(second) else {
                    throw error("a \\u escape holds a broken surrogate pair")
                }
                return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)) ?? "\u{FFFD}"
            }
            guard let scalar = Unicode.Scalar(first) else { throw error("a \\u escape holds a lone surrogate") }
            return scalar
        default:
            throw error("unknown escape \\\(describe(byte))")
        }
    }

    private mutating func parseHex() throws(TableError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = peek(), let digit = UInt8(hexDigit: byte) else {
                throw error("a \\u escape needs four hex digits")
            }
            value = value * 16 + UInt32(digit)
            index += 1
        }
        return value
    }

    private mutating func parseNumber() throws(TableError) -> String {
        let start = index
        func digits() -> Int {
            let from = index
            while let byte = peek(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { index += 1 }
            return index - from
        }
        if peek() == UInt8(ascii: "-") { index += 1 }
        if peek() == UInt8(ascii: "0") {
            index += 1
        } else if digits() == 0 {
            throw error("a number needs digits")
        }
        if peek() == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw error("a number needs digits after '.'") }
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            index += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw error("a number needs digits in its exponent") }
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func parseLiteral(_ word: String, _ value: JSONValue) throws(TableError) -> JSONValue {
        let expected = Array(word.utf8)
        guard bytes[index...].starts(with: expected) else { throw error("unexpected word (expected \(word))") }
        index += expected.count
        return value
    }

    private mutating func expectEither(_ first: Character, _ second: Character) throws(TableError) -> Character {
        guard let byte = peek() else { throw error("the document ends where '\(first)' or '\(second)' was expected") }
        index += 1
        if byte == first.asciiValue { return first }
        if byte == second.asciiValue { return second }
        index -= 1
        throw error("expected '\(first)' or '\(second)', found \(describe(byte))")
    }

    private mutating func enter() throws(TableError) {
        depth += 1
        guard depth <= JSONParser.maximumDepth else { throw error("values are nested too deeply") }
    }

    private mutating func skipWhitespace() {
        while let byte = peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    private func peek(_ ahead: Int = 0) -> UInt8? {
        index + ahead < bytes.count ? bytes[index + ahead] : nil
    }

    private func describe(_ byte: UInt8) -> String {
        byte >= 0x21 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16))"
    }

    private func error(_ reason: String) -> TableError {
        TableError(
            .malformedJSON, operation: "read JSON", subject: name,
            reason: "\(TextPosition(of: index, in: bytes)): \(reason)")
    }
}

extension UInt8 {
    /// The value of an ASCII hex digit.
    fileprivate init?(hexDigit byte: UInt8) {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): self = byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): self = byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): self = byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
