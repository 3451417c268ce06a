import Foundation

extension CSVFile {
    /// Writes the file again with only the rows at `indices` (in that order), each copied byte for
    /// byte, and the header first.
    ///
    /// - Throws: read errors, or what `write` throws.
    public func write(keeping indices: some Sequence<Int>, to write: ([UInt8]) throws -> Void) throws {
        try self.write(indices.lazy.map { EditedRow.source($0) }, to: write)
    }

    /// Writes the file again with `rows` in their order: what saving an edited table does. A row
    /// of the file is copied byte for byte (its quoting kept); an inserted row is written with
    /// ``quoted(_:separator:)`` fields.
    ///
    /// The header comes first, and the byte order mark if the file had one. Every line ends with
    /// the file's ``lineEnding``. `write` is called with pieces of about 64 KiB, so a file of any
    /// size is written in bounded memory.
    /// - Throws: read errors, or what `write` throws.
    public func write(_ rows: some Sequence<EditedRow>, to write: ([UInt8]) throws -> Void) throws {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(1 << 16)
        if hasByteOrderMark {
            buffer += [0xEF, 0xBB, 0xBF]
        }
        if !headerBytes.isEmpty {
            buffer += headerBytes
            buffer += lineEnding
        }
        for row in rows {
            switch row {
            case .source(let index): buffer += try rawRow(at: index)
            case .inserted(let values): buffer += record(values)
            }
            buffer += lineEnding
            if buffer.count >= 1 << 16 {
                try write(buffer)
                buffer.removeAll(keepingCapacity: true)
            }
        }
        if !buffer.isEmpty {
            try write(buffer)
        }
    }

    /// A new record's bytes: its fields quoted where they need it and joined by the separator.
    /// A record that would be an empty line (one empty field) is written `""`, since readers skip
    /// empty lines.
    func record(_ values: [String]) -> [UInt8] {
        let text = values.map { CSVFile.quoted($0, separator: separator) }.joined(separator: String(separator))
        return Array((text.isEmpty ? "\"\"" : text).utf8)
    }

    /// The fields of one CSV record typed by a person, such as `Maggie Simpson,"Baby, youngest"`:
    /// the values of a row to insert. Empty text is one empty value.
    ///
    /// - Throws: ``TableError`` `.malformedCSV` for bad quoting or more than one record (a line
    ///   break outside quotes), `.invalidEncoding`.
    public static func values(ofRecord text: String) throws(TableError) -> [String] {
        guard !text.isEmpty else { return [""] }
        let file = try CSVFile(MemoryBytes(text), hasHeader: false, name: "the values")
        guard try file.rowCount(upTo: 2) == 1 else {
            throw TableError(
                .malformedCSV, operation: "read values", subject: "the values",
                reason: "give one row of values on one line (quote a value that holds a line break)")
        }
        return try file.row(at: 0)
    }

    /// A field quoted for CSV when it needs to be: when it holds the separator, a quote, or a
    /// line break (quotes inside are doubled).
    public static func quoted(_ field: String, separator: Character = ",") -> String {
        // By scalar: "\r\n" is one Character, equal to neither "\r" nor "\n".
        let special: Set<Unicode.Scalar> = ["\"", "\n", "\r"]
        guard
            field.unicodeScalars.contains(where: { special.contains($0) || separator.unicodeScalars.first == $0 })
        else {
            return field
        }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
