/// A small streaming XML reader: elements, attributes and text, one event at a time, with memory
/// bounded by the largest single token. Enough XML for GPX, and safe for files from anywhere.
///
/// It checks well-formedness (tags nest and match, one root, attributes quoted, entities known)
/// and refuses document type declarations, so no entity is ever expanded from a DTD and nothing
/// external is loaded. Comments and processing instructions are skipped; text that is only
/// whitespace is not reported.
final class XMLPullParser {
    /// One thing read.
    enum Event: Equatable {
        /// `<name attributes…>` (also for `<name/>`, which is followed by its `.end`).
        case start(String, [(String, String)])
        /// `</name>`.
        case end(String)
        /// Character data (entities decoded; CDATA as is).
        case text(String)

        static func == (lhs: Event, rhs: Event) -> Bool {
            switch (lhs, rhs) {
            case (.start(let a, let x), .start(let b, let y)):
                a == b && x.map(\.0) == y.map(\.0) && x.map(\.1) == y.map(\.1)
            case (.end(let a), .end(let b)): a == b
            case (.text(let a), .text(let b)): a == b
            default: false
            }
        }
    }

    private let reader: ChunkReader
    private var buffer: [UInt8] = []
    private var position = 0
    private var isAtEnd = false
    /// The line number at `buffer[countedUpTo]`: lines are counted lazily, once per byte.
    private var countedLine = 1
    private var countedUpTo = 0
    private var open: [String] = []
    private var pendingEnd: String?
    private var sawRoot = false
    private let tokenLimit: Int

    init(_ reader: ChunkReader, tokenLimit: Int = 1 << 20) {
        self.reader = reader
        self.tokenLimit = tokenLimit
    }

    /// The line the parser has reached, for error messages.
    ///
    /// - Complexity: amortised O(1): each byte is counted once.
    var line: Int {
        let end = min(position, buffer.count)
        if countedUpTo < end {
            var newlines = 0
            for index in countedUpTo..<end where buffer[index] == 0x0A { newlines += 1 }
            countedLine += newlines
            countedUpTo = end
        }
        return countedLine
    }

    /// The next event, or nil at the end of a well-formed document.
    func next() throws(LocationError) -> Event? {
        if let name = pendingEnd {
            pendingEnd = nil
            return closeElement(name)
        }
        while true {
            guard try available(1) else {
                if let unclosed = open.last { throw failure("the document ends inside <\(unclosed)>") }
                guard sawRoot else { throw failure("the document has no root element") }
                return nil
            }
            if buffer[position] != 0x3C {
                let end = try scan(for: [0x3C], allowEnd: true)
                let bytes = buffer[position..<end]
                position = end
                if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) { continue }
                guard !open.isEmpty else { throw failure("text outside the root element") }
                return .text(try decode(bytes))
            }
            guard try available(2) else { throw failure("the document ends inside a tag") }
            switch buffer[position + 1] {
            case 0x2F:  // </
                let end = try scan(for: [0x3E], allowEnd: false)
                let name = String(decoding: trimmed(buffer[(position + 2)..<end]), as: UTF8.self)
                position = end + 1
                guard let expected = open.last else { throw failure("</\(name)> closes nothing") }
                guard expected == name else { throw failure("</\(name)> closes <\(expected)>") }
                return closeElement(name)
            case 0x3F:  // <?
                position = try scan(for: [0x3F, 0x3E], allowEnd: false) + 2
            case 0x21:  // <!
                if try starts(with: "<!--") {
                    position = try scan(for: Array("-->".utf8), allowEnd: false) + 3
                } else if try starts(with: "<![CDATA[") {
                    let end = try scan(for: Array("]]>".utf8), allowEnd: false)
                    let text = String(decoding: buffer[(position + 9)..<end], as: UTF8.self)
                    position = end + 3
                    guard !open.isEmpty else { throw failure("CDATA outside the root element") }
                    return .text(text)
                } else if try starts(with: "<!DOCTYPE") {
                    throw failure("document type declarations are not accepted")
                } else {
                    throw failure("unknown markup <!")
                }
            default:
                return try startElement()
            }
        }
    }

    private func closeElement(_ name: String) -> Event {
        open.removeLast()
        return .end(name)
    }

    private func startElement() throws(LocationError) -> Event {
        // Find the closing > outside quotes, then read the tag from the buffer.
        var offset = 1
        var quote: UInt8 = 0
        scanning: while true {
            while position + offset >= buffer.count {
                guard try more() else { throw failure("the document ends inside a tag") }
            }
            let bytes = buffer
            let start = position
            while start + offset < bytes.count {
                let byte = bytes[start + offset]
                if quote != 0 {
                    if byte == quote { quote = 0 }
                } else if byte == 0x22 || byte == 0x27 {
                    quote = byte
                } else if byte == 0x3E {
                    break scanning
                }
                offset += 1
            }
            if offset > tokenLimit { throw failure("a tag is longer than \(tokenLimit) bytes") }
        }
        let end = position + offset
        let buffer = self.buffer  // a local reference: no exclusivity checks in the loops below
        var cursor = position + 1
        func skipSpace() {
            while cursor < end,
                buffer[cursor] == 0x20 || buffer[cursor] == 0x0A || buffer[cursor] == 0x0D
                    || buffer[cursor] == 0x09
            {
                cursor += 1
            }
        }
        let nameStart = cursor
        while cursor < end, !Self.isNameEnd(buffer[cursor]) { cursor += 1 }
        guard cursor > nameStart else { throw failure("a tag has no name") }
        let name = String(decoding: buffer[nameStart..<cursor], as: UTF8.self)
        var attributes: [(String, String)] = []
        var selfClosing = false
        while true {
            skipSpace()
            guard cursor < end else { break }
            if buffer[cursor] == 0x2F {
                guard cursor + 1 == end else { throw failure("unexpected / in <\(name)>") }
                selfClosing = true
                break
            }
            let attributeStart = cursor
            while cursor < end, !Self.isNameEnd(buffer[cursor]), buffer[cursor] != 0x3D { cursor += 1 }
            let attribute = String(decoding: buffer[attributeStart..<cursor], as: UTF8.self)
            skipSpace()
            guard !attribute.isEmpty, cursor < end, buffer[cursor] == 0x3D else {
                throw failure("attribute '\(attribute)' of <\(name)> has no value")
            }
            cursor += 1
            skipSpace()
            guard cursor < end, buffer[cursor] == 0x22 || buffer[cursor] == 0x27 else {
                throw failure("the value of \(attribute) in <\(name)> is not quoted")
            }
            let quoteByte = buffer[cursor]
            cursor += 1
            let valueStart = cursor
            while cursor < end, buffer[cursor] != quoteByte { cursor += 1 }
            guard cursor < end else { throw failure("the value of \(attribute) in <\(name)> is not closed") }
            let value = try decode(buffer[valueStart..<cursor])
            cursor += 1
            if attributes.contains(where: { $0.0 == attribute }) {
                throw failure("attribute \(attribute) appears twice in <\(name)>")
            }
            attributes.append((attribute, value))
        }
        position = end + 1
        if open.isEmpty {
            guard !sawRoot else { throw failure("a second root element <\(name)>") }
            sawRoot = true
        }
        open.append(name)
        if selfClosing { pendingEnd = name }
        return .start(name, attributes)
    }

    private static func isNameEnd(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 || byte == 0x2F || byte == 0x3E
    }

    private func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var slice = bytes
        while let last = slice.last, last == 0x20 || last == 0x0A || last == 0x0D || last == 0x09 {
            slice = slice.dropLast()
        }
        return slice
    }

    /// Decodes the five predefined entities and character references.
    private func decode(_ bytes: ArraySlice<UInt8>) throws(LocationError) -> String {
        guard bytes.contains(0x26) else { return String(decoding: bytes, as: UTF8.self) }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            guard byte == 0x26 else {
                output.append(byte)
                index += 1
                continue
            }
            guard let semicolon = bytes[index...].firstIndex(of: 0x3B), semicolon - index <= 12 else {
                throw failure("an & that starts no entity")
            }
            let entity = String(decoding: bytes[(index + 1)..<semicolon], as: UTF8.self)
            switch entity {
            case "lt": output.append(0x3C)
            case "gt": output.append(0x3E)
            case "amp": output.append(0x26)
            case "quot": output.append(0x22)
            case "apos": output.append(0x27)
            default:
                var scalar: Unicode.Scalar?
                if entity.hasPrefix("#x") {
                    scalar = UInt32(entity.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
                } else if entity.hasPrefix("#") {
                    scalar = UInt32(entity.dropFirst(1)).flatMap(Unicode.Scalar.init)
                }
                guard let scalar, scalar.value != 0 else { throw failure("unknown entity &\(entity);") }
                output += Array(String(Character(scalar)).utf8)
            }
            index = semicolon + 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    private func starts(with text: String) throws(LocationError) -> Bool {
        let bytes = Array(text.utf8)
        guard try available(bytes.count) else { return false }
        return buffer[position..<(position + bytes.count)].elementsEqual(bytes)
    }

    /// The index where `pattern` starts at or after `position`, reading more as needed; the end
    /// of the buffer when `allowEnd` and the input ends first.
    private func scan(for pattern: [UInt8], allowEnd: Bool) throws(LocationError) -> Int {
        var from = position + 1
        while true {
            if let first = pattern.first {
                let buffer = self.buffer
                var index = from
                while index + pattern.count <= buffer.count {
                    if buffer[index] == first
                        && (pattern.count == 1
                            || buffer[(index + 1)..<(index + pattern.count)].elementsEqual(pattern.dropFirst()))
                    {
                        return index
                    }
                    index += 1
                }
                from = max(from, buffer.count - pattern.count + 1)
            }
            if buffer.count - position > tokenLimit {
                throw failure("a token is longer than \(tokenLimit) bytes")
            }
            let oldPosition = position
            guard try more() else {
                if allowEnd { return buffer.count }
                throw failure("the document ends before \(String(decoding: pattern, as: UTF8.self))")
            }
            from -= oldPosition - position
        }
    }

    /// Whether `count` bytes are available from `position`.
    private func available(_ count: Int) throws(LocationError) -> Bool {
        while buffer.count - position < count {
            guard try more() else { return false }
        }
        return true
    }

    /// Reads another chunk, first dropping what has been consumed. False at the end of input.
    private func more() throws(LocationError) -> Bool {
        guard !isAtEnd else { return false }
        if position > 0 {
            _ = line  // count the lines of what is dropped
            buffer.removeFirst(position)
            countedUpTo -= position
            position = 0
        }
        guard let chunk = try reader.next() else {
            isAtEnd = true
            return false
        }
        buffer += chunk
        return true
    }

    private func failure(_ reason: String) -> LocationError {
        LocationError(.malformed, operation: "read XML", subject: "\(reader.name), line \(line)", reason: reason)
    }
}
