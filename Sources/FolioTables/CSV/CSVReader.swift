/// Reads CSV records (RFC 4180) from random-access bytes through a 64 KiB window: finding where
/// a record ends without building its fields (for counting and indexing), and parsing a record's
/// fields with strict quoting rules.
///
/// Records end at CRLF, LF or a lone CR outside quotes (as Python's `csv` reads them, so files
/// from programs that end lines with CR alone are read by line too); a quoted field may hold
/// separators, quotes written twice (`""`) and line breaks of any kind. A quote inside a field
/// that does not start with one is kept as text (`Marjorie "Marge" Simpson`), as most CSV writers
/// expect. Empty lines between records are skipped.
final class CSVReader {
    let bytes: any RandomAccessBytes
    let separator: UInt8
    let name: String
    private var window: [UInt8] = []
    private var windowStart: Int64 = 0
    private static let windowSize = 1 << 16

    private static let quote = UInt8(ascii: "\"")
    private static let newline = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")

    /// Where a record starts: its byte offset and its line number (from 1).
    struct Place: Hashable {
        var offset: Int64
        var line: Int
    }

    init(_ bytes: any RandomAccessBytes, separator: UInt8, name: String) {
        self.bytes = bytes
        self.separator = separator
        self.name = name
    }

    /// The byte at `offset`, or nil at the end.
    private func byte(at offset: Int64) throws(TableError) -> UInt8? {
        if offset < windowStart || offset >= windowStart + Int64(window.count) {
            try load(at: offset)
        }
        let index = Int(offset - windowStart)
        return index < window.count ? window[index] : nil
    }

    private func load(at offset: Int64) throws(TableError) {
        window = try bytes.read(at: offset, count: CSVReader.windowSize)
        windowStart = offset
    }

    /// Skips empty lines (and a UTF-8 byte order mark at offset 0) from `place`.
    func skipBlankLines(from place: Place) throws(TableError) -> Place {
        var place = place
        if place.offset == 0, try byte(at: 0) == 0xEF, try byte(at: 1) == 0xBB, try byte(at: 2) == 0xBF {
            place.offset = 3
        }
        while let first = try byte(at: place.offset), first == CSVReader.newline || first == CSVReader.carriageReturn {
            place = try after(terminatorAt: place.offset, line: place.line)
        }
        return place
    }

    /// Where the line after the line break at `offset` (CRLF, LF or CR) starts.
    private func after(terminatorAt offset: Int64, line: Int) throws(TableError) -> Place {
        let isCRLF =
            try byte(at: offset) == CSVReader.carriageReturn ? try byte(at: offset + 1) == CSVReader.newline : false
        return Place(offset: offset + (isCRLF ? 2 : 1), line: line + 1)
    }

    /// Where the record at `place` ends and the next begins (after blank lines), or nil when no
    /// record starts at `place`. Follows the quoting rules of ``parseRecord(from:)`` without
    /// building fields, and checks only that quotes are closed.
    ///
    /// - Complexity: O(record length), scanning the window's bytes directly.
    func skipRecord(from place: Place) throws(TableError) -> (end: Int64, next: Place)? {
        let start = try skipBlankLines(from: place)
        guard try byte(at: start.offset) != nil else { return nil }
        var offset = start.offset
        var line = start.line
        var state = ScanState.fieldStart
        var quoteLine = line
        while true {
            if offset >= windowStart + Int64(window.count) {
                try load(at: offset)
                if window.isEmpty {
                    if state == .quoted { throw malformed(line: quoteLine, "a quoted field is not closed") }
                    return (offset, Place(offset: offset, line: line))
                }
            }
            let base = Int(offset - windowStart)
            var index = base
            var found = false
            let separator = self.separator
            window.withUnsafeBufferPointer { buffer in
                while index < buffer.count {
                    let byte = buffer[index]
                    switch state {
                    case .quoted:
                        if byte == CSVReader.quote { state = .quotedQuote }
                        if byte == CSVReader.newline { line += 1 }
                    case .fieldStart where byte == CSVReader.quote:
                        state = .quoted
                        quoteLine = line
                    case .quotedQuote where byte == CSVReader.quote:
                        state = .quoted
                    default:
                        if byte == CSVReader.newline || byte == CSVReader.carriageReturn {
                            found = true
                            return
                        }
                        state = byte == separator ? .fieldStart : .unquoted
                    }
                    index += 1
                }
            }
            offset += Int64(index - base)
            if found {
                return (offset, try skipBlankLines(from: after(terminatorAt: offset, line: line)))
            }
        }
    }

    private enum ScanState {
        case fieldStart
        case unquoted
        case quoted
        case quotedQuote
    }

    /// The fields of the record at `place` and where the next record begins, or nil when no
    /// record starts there.
    ///
    /// - Throws: ``TableError`` `.malformedCSV` for an unclosed quote or text after a closing quote; `.invalidEncoding` for bytes that are not UTF-8.
    func parseRecord(from place: Place) throws(TableError) -> (fields: [String], next: Place)? {
        let start = try skipBlankLines(from: place)
        guard try byte(at: start.offset) != nil else { return nil }
        var offset = start.offset
        var line = start.line
        var fields: [String] = []
        var field: [UInt8] = []
        var quoted = false
        var fieldStart = true
        func finish() throws(TableError) {
            guard let text = String(validating: field, as: UTF8.self) else {
                throw TableError(
                    .invalidEncoding, operation: "read CSV", subject: name,
                    reason: "line \(line), field \(fields.count + 1): the text is not valid UTF-8")
            }
            fields.append(text)
            field.removeAll(keepingCapacity: true)
            quoted = false
            fieldStart = true
        }
        while true {
            guard let byte = try byte(at: offset) else {
                if quoted { throw malformed(line: line, "a quoted field is not closed") }
                try finish()
                return (fields, Place(offset: offset, line: line))
            }
            offset += 1
            if quoted {
                if byte == CSVReader.quote {
                    let next = try self.byte(at: offset)
                    if next == CSVReader.quote {
                        field.append(CSVReader.quote)
                        offset += 1
                    } else if next == separator || next == CSVReader.newline || next == CSVReader.carriageReturn
                        || next == nil
                    {
                        quoted = false
                        fieldStart = false
                    } else {
                        throw malformed(line: line, "field \(fields.count + 1) has text after its closing quote")
                    }
                } else {
                    if byte == CSVReader.newline { line += 1 }
                    field.append(byte)
                }
                continue
            }
            switch byte {
            case separator:
                try finish()
            case CSVReader.newline, CSVReader.carriageReturn:
                try finish()
                return (fields, try skipBlankLines(from: after(terminatorAt: offset - 1, line: line)))
            case CSVReader.quote where fieldStart && field.isEmpty:
                quoted = true
                fieldStart = false
            default:
                field.append(byte)
                fieldStart = false
            }
        }
    }

    /// The bytes from `start` up to `end`.
    func bytes(from start: Int64, to end: Int64) throws(TableError) -> [UInt8] {
        try bytes.read(at: start, count: Int(end - start))
    }

    private func malformed(line: Int, _ reason: String) -> TableError {
        TableError(.malformedCSV, operation: "read CSV", subject: name, reason: "line \(line): \(reason)")
    }
}
