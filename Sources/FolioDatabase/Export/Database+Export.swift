import Foundation

extension Database {
    /// Writes every row of a table or a query in `format`, handing the bytes to `write` in pieces
    /// of about 64 KiB as the rows are read: a table of a million rows is exported in the memory
    /// of one piece and one row.
    ///
    /// The source is read as ``page(_:limits:)`` reads it (a table by name, a query only if
    /// ``prepareReadOnlyQuery(_:)`` accepts it), in `order` when one is given; see
    /// ``ExportFormat`` for how values are written. The statements run within the time limit
    /// and cancellation of `limits` (row and size limits do not apply: nothing is held).
    ///
    /// ```swift
    /// try db.export(.table("stocks"), format: .csv) { bytes in try file.write(bytes) }
    /// ```
    /// - Returns: the number of rows written.
    /// - Throws: ``DatabaseError`` (`.notFound` for no such table, the query box's refusals,
    ///   `.error` for an unknown sort column, `.interrupted` from the limits), or what `write`
    ///   throws. What was written before the failure is not a whole export.
    /// - Complexity: O(rows), plus the sort.
    @discardableResult
    public func export(
        _ source: RowPageRequest.Source, order: RowOrder? = nil, format: ExportFormat,
        limits: QueryLimits = QueryLimits(valueSizeLimit: nil), to write: ([UInt8]) throws -> Void
    ) throws -> Int {
        try withLimits(limits) { database in
            let rows = try database.pageSource(source)
            let statement = try database.prepare("SELECT * FROM \(rows.from)" + (try rows.orderBy(order)))
            try statement.bind(rows.arguments)
            let columns = statement.columnNames
            var writer = ExportWriter(format: format, columns: columns)
            var cursor = statement.rows()
            var count = 0
            writer.begin()
            while let row = try cursor.next() {
                try writer.append((0..<row.count).map { row[$0] }, to: write)
                count += 1
            }
            try writer.finish(to: write)
            return count
        }
    }
}

/// Turns rows into an export's bytes, a piece at a time.
struct ExportWriter {
    let format: ExportFormat
    let columns: [String]
    private var buffer: [UInt8] = []
    private var rowCount = 0
    private let keys: [String?]

    init(format: ExportFormat, columns: [String]) {
        self.format = format
        self.columns = columns
        var seen: Set<String> = []
        keys = columns.map { seen.insert($0).inserted ? DatabaseValue.jsonString($0) : nil }
        buffer.reserveCapacity(1 << 16)
    }

    mutating func begin() {
        switch format {
        case .csv:
            buffer += Array(columns.map(ExportWriter.csvField).joined(separator: ",").utf8)
            buffer += ExportWriter.crlf
        case .json:
            buffer.append(UInt8(ascii: "["))
        }
    }

    mutating func append(_ values: [DatabaseValue], to write: ([UInt8]) throws -> Void) throws {
        switch format {
        case .csv:
            buffer += Array(values.map(ExportWriter.csvText).joined(separator: ",").utf8)
            buffer += ExportWriter.crlf
        case .json:
            var text = rowCount == 0 ? "\n{" : ",\n{"
            var first = true
            for (key, value) in zip(keys, values) {
                guard let key else { continue }
                text += (first ? "" : ",") + key + ":" + value.jsonText
                first = false
            }
            buffer += Array((text + "}").utf8)
        }
        rowCount += 1
        if buffer.count >= 1 << 16 {
            try write(buffer)
            buffer.removeAll(keepingCapacity: true)
        }
    }

    mutating func finish(to write: ([UInt8]) throws -> Void) throws {
        if format == .json {
            buffer += Array((rowCount == 0 ? "]\n" : "\n]\n").utf8)
        }
        if !buffer.isEmpty {
            try write(buffer)
            buffer.removeAll()
        }
    }

    private static let crlf: [UInt8] = [0x0D, 0x0A]

    /// A value as a CSV field: NULL empty, the empty text `""`, other text quoted where needed.
    static func csvText(_ value: DatabaseValue) -> String {
        switch value {
        case .null: return ""
        case .integer(let integer): return String(integer)
        case .real(let real): return DatabaseValue.realText(real)
        case .text(let text): return text.isEmpty ? "\"\"" : csvField(text)
        case .blob(let data): return data.base64EncodedString()
        }
    }

    /// `text` quoted when it holds a comma, a quote or a line break (quotes doubled).
    static func csvField(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
