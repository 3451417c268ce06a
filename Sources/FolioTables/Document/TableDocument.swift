/// A file shown as a table: its rows read from CSV, TSV, JSON or XML, the data source that
/// shows them, and, once rows were deleted, the file written again with the rows that are left.
///
/// ```swift
/// var options = TableOptions()
/// options.sections = "section"
/// let document = try TableDocument(bytes: FileBytes(path: "simpsons.csv"), name: "simpsons.csv", options: options)
/// let table = TableView(dataSource: document.dataSource)
/// ```
public final class TableDocument {
    /// The file's format.
    public let format: TableFormat
    /// The name used in messages.
    public let name: String
    /// The rows.
    public let source: any RowSource
    /// The table's data source over the rows.
    public let dataSource: RowsDataSource

    /// Opens a file's bytes as a table.
    ///
    /// CSV and TSV are read lazily; JSON and XML are read whole.
    /// - Throws: ``TableError``: `.unsupportedFormat` when the format is neither given nor known
    ///   from the name, or an XPath is missing for XML; parse errors; `.unknownColumn`.
    public init(bytes: any RandomAccessBytes, name: String, options: TableOptions) throws(TableError) {
        guard let format = options.format ?? TableFormat(fileName: name) else {
            throw TableError(
                .unsupportedFormat, operation: "open table", subject: name,
                reason: "the format is not known from the name; choose one of csv, tsv, json, xml")
        }
        self.format = format
        self.name = name
        switch format {
        case .csv, .tsv:
            source = try CSVFile(
                bytes, separator: format == .csv ? "," : "\t", hasHeader: options.hasHeader, name: name)
        case .json:
            source = try JSONRows(try TableDocument.readAll(bytes), name: name)
        case .xml:
            guard let rows = options.rowsXPath else {
                throw TableError(
                    .unsupportedFormat, operation: "open table", subject: name,
                    reason: "XML needs an XPath that selects the rows (such as //entry)")
            }
            source = try XMLRows(
                try TableDocument.readAll(bytes), rows: rows, columns: options.columnXPaths, name: name)
        }
        let mapping = try ColumnMapping(
            columns: source.columns, text: options.text, detail: options.detail, image: options.image,
            sections: options.sections, style: options.style)
        dataSource = try RowsDataSource(
            source: source, mapping: mapping, headers: options.headers, footers: options.footers,
            isEditable: format.isWritable)
    }

    /// Writes the file again in its format with the table's rows in their order (the rows left
    /// after deletions, moved where they were moved, with the inserted ones), handing the bytes to
    /// `write` in pieces. Rows nobody inserted keep their bytes.
    ///
    /// - Throws: ``TableError`` `.unsupportedFormat` for XML, read errors, or what `write` throws.
    public func write(to write: ([UInt8]) throws -> Void) throws {
        let rows = try dataSource.editedRows()
        switch source {
        case let csv as CSVFile: try csv.write(rows, to: write)
        case let json as JSONRows: try json.write(rows, to: write)
        default:
            throw TableError(
                .unsupportedFormat, operation: "write table", subject: name, reason: "\(format) tables are read-only")
        }
    }

    private static func readAll(_ bytes: any RandomAccessBytes) throws(TableError) -> [UInt8] {
        var all: [UInt8] = []
        while true {
            let chunk = try bytes.read(at: Int64(all.count), count: 1 << 20)
            if chunk.isEmpty { return all }
            all += chunk
        }
    }
}
