/// Reads CSV records in order, from one record to the end of the bytes, through one large reused
/// buffer: each record's fields are byte ranges of ``buffer``, and no string is made.
///
/// It follows the rules of ``CSVReader``'s record parsing exactly (line breaks, quoting, blank
/// lines, UTF-8 checked field by field) and fails with the same errors, so a whole file can be
/// streamed through it with the same result as reading it row by row. A quoted field's range
/// excludes its quotes and still holds doubled quotes (`""`) where ``CSVField/hasEscapedQuotes``
/// says so; ``appendContents(of:to:)`` writes what the field holds.
///
/// Memory stays at about ``chunkSize`` plus the longest record, whatever the file's size.
struct CSVRecordStream {
    /// One field of the current record: a range of ``CSVRecordStream/buffer``.
    struct CSVField {
        var start: Int
        var end: Int
        /// Whether the range holds doubled quotes to be written as one.
        var hasEscapedQuotes: Bool
        var count: Int { end - start }
    }

    /// How much is read at a time.
    static let chunkSize = 1 << 20

    private let bytes: any RandomAccessBytes
    private let separator: UInt8
    private let name: String
    /// The bytes read and not yet passed over; the current record's fields point into it.
    private(set) var buffer: [UInt8] = []
    /// The fields of the record ``next()`` last read.
    private(set) var fields: [CSVField] = []
    private var bufferOffset: Int64
    private var position = 0
    private var line: Int
    private var isAtEnd = false

    private static let quote = UInt8(ascii: "\"")
    private static let newline = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")

    /// A stream of the records from `place` (a record's start, after any byte order mark) on.
    init(_ reader: CSVReader, from place: CSVReader.Place) {
        bytes = reader.bytes
        separator = reader.separator
        name = reader.name
        bufferOffset = place.offset
        line = place.line
    }

    /// Reads the next record into ``fields``; false at the end of the bytes.
    ///
    /// - Throws: ``TableError`` `.malformedCSV` or `.invalidEncoding` as ``CSVReader`` does, or a
    ///   read error.
    mutating func next() throws(TableError) -> Bool {
        guard try skipBlankLines() else { return false }
        while true {
            if let (end, lines) = try parseRecord() {
                position = end
                line += lines
                return true
            }
            // The record goes on past the buffer: read more and parse it again.
            try refill()
        }
    }

    /// Appends what `field` holds (doubled quotes written once) to `output`.
    func appendContents(of field: CSVField, to output: inout [UInt8]) {
        guard field.hasEscapedQuotes else {
            output.append(contentsOf: buffer[field.start..<field.end])
            return
        }
        var index = field.start
        while index < field.end {
            let byte = buffer[index]
            output.append(byte)
            index += byte == CSVRecordStream.quote ? 2 : 1
        }
    }

    /// Passes over line breaks before a record; false when the bytes end first.
    private mutating func skipBlankLines() throws(TableError) -> Bool {
        while true {
            if position >= buffer.count {
                guard !isAtEnd else { return false }
                try refill()
                continue
            }
            let byte = buffer[position]
            if byte == CSVRecordStream.newline {
                position += 1
            } else if byte == CSVRecordStream.carriageReturn {
                if position + 1 >= buffer.count && !isAtEnd {
                    try refill()
                    continue
                }
                let isCRLF = position + 1 < buffer.count && buffer[position + 1] == CSVRecordStream.newline
                position += isCRLF ? 2 : 1
            } else {
                return true
            }
            line += 1
        }
    }

    /// Drops the bytes passed over and reads more after the rest (at least as many as are held,
    /// so a record longer than a chunk is parsed again only a few times).
    private mutating func refill() throws(TableError) {
        precondition(!isAtEnd, "a CSV stream reads past its end")
        if position > 0 {
            buffer.removeSubrange(0..<position)
            bufferOffset += Int64(position)
            position = 0
        }
        let more = try bytes.read(
            at: bufferOffset + Int64(buffer.count), count: max(CSVRecordStream.chunkSize, buffer.count))
        if more.isEmpty {
            isAtEnd = true
        } else {
            buffer.append(contentsOf: more)
        }
    }

    /// Parses the record at ``position`` into ``fields``: where it ends (after its line break)
    /// and how many lines it took, or nil when the buffer ends before the record does.
    private mutating func parseRecord() throws(TableError) -> (end: Int, lines: Int)? {
        fields.removeAll(keepingCapacity: true)
        let separator = self.separator
        let isAtEnd = self.isAtEnd
        let quote = CSVRecordStream.quote
        let newline = CSVRecordStream.newline
        let carriageReturn = CSVRecordStream.carriageReturn
        var fields = self.fields
        self.fields = []
        defer { self.fields = fields }
        var line = self.line
        let result = try buffer.withUnsafeBufferPointer { buffer throws(TableError) -> (end: Int, lines: Int)? in
            let count = buffer.count
            var index = position
            while true {
                var field = CSVField(start: index, end: index, hasEscapedQuotes: false)
                var high: UInt8 = 0
                if index < count && buffer[index] == quote {
                    let quoteLine = line
                    index += 1
                    field.start = index
                    while true {
                        guard index < count else {
                            if isAtEnd { throw malformed(line: quoteLine, "a quoted field is not closed") }
                            return nil
                        }
                        let byte = buffer[index]
                        if byte == quote {
                            if index + 1 >= count && !isAtEnd { return nil }
                            let next = index + 1 < count ? buffer[index + 1] : nil
                            if next == quote {
                                field.hasEscapedQuotes = true
                                index += 2
                                continue
                            }
                            guard next == nil || next == separator || next == newline || next == carriageReturn else {
                                throw malformed(
                                    line: line, "field \(fields.count + 1) has text after its closing quote")
                            }
                            field.end = index
                            index += 1
                            break
                        }
                        if byte == newline { line += 1 }
                        high |= byte
                        index += 1
                    }
                } else {
                    while index < count {
                        let byte = buffer[index]
                        if byte == separator || byte == newline || byte == carriageReturn { break }
                        high |= byte
                        index += 1
                    }
                    if index == count && !isAtEnd { return nil }
                    field.end = index
                }
                if high >= 0x80 {
                    let slice = UnsafeBufferPointer(rebasing: buffer[field.start..<field.end])
                    guard String(validating: slice, as: UTF8.self) != nil else {
                        throw TableError(
                            .invalidEncoding, operation: "read CSV", subject: name,
                            reason: "line \(line), field \(fields.count + 1): the text is not valid UTF-8")
                    }
                }
                fields.append(field)
                guard index < count else { return (index, line - self.line) }
                let byte = buffer[index]
                index += 1
                if byte == separator { continue }
                if byte == carriageReturn {
                    if index >= count && !isAtEnd { return nil }
                    if index < count && buffer[index] == newline { index += 1 }
                }
                return (index, line + 1 - self.line)
            }
        }
        return result
    }

    private func malformed(line: Int, _ reason: String) -> TableError {
        TableError(.malformedCSV, operation: "read CSV", subject: name, reason: "line \(line): \(reason)")
    }
}
