/// Checks that XML is well-formed before FoundationXML sees it, with errors by line and column.
///
/// FoundationXML on Linux hands documents to libxml2 in recovery mode: malformed XML is accepted
/// silently (or crashes the program), errors are printed on standard error, and external entities
/// are loaded, so a document could read local files. This checker accepts only what parses
/// cleanly: UTF-8 text, an optional XML declaration, comments, processing instructions, one root
/// element with balanced tags, unique attributes, declared namespace prefixes, the five predefined
/// entities and character references. A DOCTYPE (and so every DTD and entity declaration) is
/// refused.
struct XMLChecker {
    private let bytes: [UInt8]
    private let name: String
    private var index = 0
    private var scopes: [Set<String>] = [["xml", "xmlns"]]

    init(_ bytes: [UInt8], name: String) {
        self.bytes = bytes
        self.name = name
    }

    /// Throws ``TableError`` `.malformedXML` (or `.invalidEncoding`) for the first problem found.
    mutating func check() throws {
        guard String(validating: bytes, as: UTF8.self) != nil else {
            throw TableError(
                .invalidEncoding, operation: "read XML", subject: name, reason: "the text is not valid UTF-8")
        }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        if starts(with: "<?xml") && isSpace(peek(5)) {
            try declaration()
        }
        try misc()
        guard peek() != nil else { throw error("the document has no root element") }
        if starts(with: "<!DOCTYPE") {
            throw error("a DOCTYPE is not allowed (document type definitions and entities are refused)")
        }
        guard peek() == UInt8(ascii: "<") else { throw error("expected the root element") }
        try element()
        try misc()
        if peek() != nil {
            throw error(starts(with: "<") ? "a document has only one root element" : "text after the root element")
        }
    }

    private mutating func declaration() throws {
        let start = index
        guard let end = find("?>") else { throw error("the XML declaration is not closed") }
        let text = String(decoding: bytes[start..<end], as: UTF8.self).lowercased()
        if let range = text.range(of: "encoding") {
            let rest = text[range.upperBound...].drop { $0 == " " || $0 == "=" || $0 == "\"" || $0 == "'" }
            let encoding = rest.prefix { $0 != "\"" && $0 != "'" }
            guard encoding == "utf-8" || encoding == "us-ascii" else {
                throw error("only UTF-8 XML is read, not \(encoding)")
            }
        }
        index = end + 2
    }

    private mutating func misc() throws {
        while true {
            skipSpace()
            if starts(with: "<!--") {
                try comment()
            } else if starts(with: "<?") {
                try processingInstruction()
            } else {
                return
            }
        }
    }

    private mutating func comment() throws {
        index += 4
        guard let end = find("--") else { throw error("a comment is not closed") }
        guard peek(end - index + 2) == UInt8(ascii: ">") else { throw error("'--' is not allowed inside a comment") }
        try checkCharacters(upTo: end)
        index = end + 3
    }

    private mutating func processingInstruction() throws {
        index += 2
        let target = try xmlName()
        if target.lowercased() == "xml" { throw error("an XML declaration is allowed only at the very start") }
        guard let end = find("?>") else { throw error("a processing instruction is not closed") }
        try checkCharacters(upTo: end)
        index = end + 2
    }

    private mutating func element() throws {
        var open: [String] = []
        while true {
            guard peek() == UInt8(ascii: "<") else { throw error("expected a tag") }
            index += 1
            let tag = try xmlName()
            var attributes: [String: String] = [:]
            var order: [String] = []
            var declared = scopes.last ?? []
            while true {
                let hadSpace = skipSpace()
                if starts(with: "/>") || peek() == UInt8(ascii: ">") { break }
                guard hadSpace else { throw error("expected a space before attribute in <\(tag)>") }
                let attribute = try xmlName()
                guard attributes[attribute] == nil else { throw error("<\(tag)> has the attribute \(attribute) twice") }
                skipSpace()
                guard peek() == UInt8(ascii: "=") else { throw error("attribute \(attribute) needs '='") }
                index += 1
                skipSpace()
                let value = try attributeValue()
                attributes[attribute] = value
                order.append(attribute)
                if attribute.hasPrefix("xmlns:") {
                    guard !value.isEmpty else { throw error("the namespace prefix \(attribute.dropFirst(6)) is empty") }
                    declared.insert(String(attribute.dropFirst(6)))
                }
            }
            for qualified in [tag] + order where qualified.contains(":") && !qualified.hasPrefix("xmlns:") {
                let prefix = String(qualified.prefix { $0 != ":" })
                guard declared.contains(prefix) else {
                    throw error("the namespace prefix '\(prefix)' of \(qualified) is not declared")
                }
            }
            if starts(with: "/>") {
                index += 2
            } else {
                index += 1
                open.append(tag)
                scopes.append(declared)
            }
            guard !open.isEmpty else { return }
            try content()
            while starts(with: "</") {
                index += 2
                let closing = try xmlName()
                skipSpace()
                guard peek() == UInt8(ascii: ">") else { throw error("expected '>' to close </\(closing)") }
                index += 1
                let expected = open.removeLast()
                guard expected == closing else {
                    throw error("</\(closing)> does not close <\(expected)>")
                }
                scopes.removeLast()
                if open.isEmpty { return }
                try content()
            }
        }
    }

    /// Text, references, comments, CDATA and processing instructions, up to the next tag.
    private mutating func content() throws {
        while let byte = peek() {
            if byte == UInt8(ascii: "<") {
                if starts(with: "<!--") {
                    try comment()
                } else if starts(with: "<![CDATA[") {
                    index += 9
                    guard let end = find("]]>") else { throw error("a CDATA section is not closed") }
                    try checkCharacters(upTo: end)
                    index = end + 3
                } else if starts(with: "<?") {
                    try processingInstruction()
                } else if starts(with: "<!") {
                    throw error("a declaration is not allowed inside an element")
                } else {
                    return
                }
            } else if byte == UInt8(ascii: "&") {
                try reference()
            } else {
                if starts(with: "]]>") { throw error("']]>' is not allowed in text") }
                try character()
            }
        }
        throw error("the document ends inside an element")
    }

    private mutating func attributeValue() throws -> String {
        guard let quote = peek(), quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
            throw error("an attribute value must be in quotes")
        }
        index += 1
        let start = index
        while let byte = peek(), byte != quote {
            if byte == UInt8(ascii: "<") { throw error("'<' is not allowed in an attribute value") }
            if byte == UInt8(ascii: "&") { try reference() } else { try character() }
        }
        guard peek() == quote else { throw error("an attribute value is not closed") }
        let value = String(decoding: bytes[start..<index], as: UTF8.self)
        index += 1
        return value
    }

    private mutating func reference() throws {
        index += 1
        guard let end = bytes[index...].prefix(40).firstIndex(of: UInt8(ascii: ";")) else {
            throw error("'&' must start a reference such as &amp;")
        }
        let body = String(decoding: bytes[index..<end], as: UTF8.self)
        let value: UInt32?
        if body.hasPrefix("#x") {
            value = UInt32(body.dropFirst(2), radix: 16)
        } else if body.hasPrefix("#") {
            value = UInt32(body.dropFirst(1), radix: 10)
        } else {
            guard ["lt", "gt", "amp", "quot", "apos"].contains(body) else {
                throw error("the entity &\(body); is not defined (only the five predefined entities are)")
            }
            value = 0x20
        }
        guard let value, XMLChecker.isCharacter(value) else {
            throw error("&\(body); is not a valid character reference")
        }
        index = end + 1
    }

    /// One UTF-8 encoded character of text, which must be allowed in XML.
    private mutating func character() throws {
        guard let byte = peek() else { return }
        let length = byte < 0x80 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
        let text = String(decoding: bytes[index..<min(bytes.count, index + length)], as: UTF8.self)
        guard let scalar = text.unicodeScalars.first, XMLChecker.isCharacter(scalar.value) else {
            throw error("the control character 0x\(String(byte, radix: 16)) is not allowed in XML")
        }
        index += length
    }

    private mutating func checkCharacters(upTo end: Int) throws {
        while index < end { try character() }
    }

    private mutating func xmlName() throws -> String {
        let start = index
        while let byte = peek(), XMLChecker.isNameByte(byte, first: index == start) { index += 1 }
        guard index > start else { throw error("expected a name") }
        let qualified = String(decoding: bytes[start..<index], as: UTF8.self)
        if qualified.hasPrefix(":") || qualified.hasSuffix(":") || qualified.filter({ $0 == ":" }).count > 1 {
            throw error("\(qualified) is not a valid qualified name")
        }
        return qualified
    }

    @discardableResult
    private mutating func skipSpace() -> Bool {
        let start = index
        while isSpace(peek()) { index += 1 }
        return index > start
    }

    private func isSpace(_ byte: UInt8?) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private func peek(_ ahead: Int = 0) -> UInt8? {
        index + ahead < bytes.count ? bytes[index + ahead] : nil
    }

    private func starts(with text: String) -> Bool {
        bytes[index...].starts(with: text.utf8)
    }

    private func find(_ text: String) -> Int? {
        let pattern = Array(text.utf8)
        var position = index
        while position + pattern.count <= bytes.count {
            if bytes[position] == pattern[0] && bytes[position..<position + pattern.count].elementsEqual(pattern) {
                return position
            }
            position += 1
        }
        return nil
    }

    private static func isNameByte(_ byte: UInt8, first: Bool) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"),
            UInt8(ascii: ":"), 0x80...0xFF:
            true
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."): !first
        default: false
        }
    }

    private static func isCharacter(_ value: UInt32) -> Bool {
        value == 0x9 || value == 0xA || value == 0xD || (0x20...0xD7FF).contains(value)
            || (0xE000...0xFFFD).contains(value) || (0x10000...0x10FFFF).contains(value)
    }

    private func error(_ reason: String) -> TableError {
        TableError(
            .malformedXML, operation: "read XML", subject: name,
            reason: "\(TextPosition(of: index, in: bytes)): \(reason)")
    }
}
