import FolioFiles
import FolioSandbox
import FolioTables
import Foundation

/// What `table show` and `table edit` share: the options that turn a file into a table, and
/// opening the file in the Home.
enum TableSource {
    static let style = Option(
        "--style", valueName: "S", help: "cell style: default, subtitle, value1 or value2 (default: default)"
    ) { text throws(UsageError) -> CellStyle in
        guard let style = CellStyle(rawValue: text) else {
            throw UsageError("unknown style '\(text)'; use default, subtitle, value1 or value2")
        }
        return style
    }
    static let text = Option("--text", valueName: "COL", help: "column of each cell's text (default: the first)")
    static let detail = Option("--detail", valueName: "COL", help: "column of each cell's detail (default: the next)")
    static let image = Option(
        "--image", valueName: "COL",
        help: "column of image names: symbols on a terminal, pictures in --json and --html (default: none)")
    static let sections = Option(
        "--sections", valueName: "COL", help: "group rows into sections by this column's values")
    static let header = RepeatedOption(
        "--header", valueName: "TEXT", help: "title above each section in turn; {section} is its value")
    static let footer = RepeatedOption(
        "--footer", valueName: "TEXT", help: "title below each section in turn; {section} is its value")
    static let format = Option(
        "--format", valueName: "F", help: "csv, tsv, json or xml (default: from the name; csv for -)"
    ) { text throws(UsageError) -> TableFormat in
        guard let format = TableFormat(rawValue: text.lowercased()) else {
            throw UsageError("unknown format '\(text)'; use csv, tsv, json or xml")
        }
        return format
    }
    static let noHeader = Flag(
        "--no-header", help: "the first CSV line is a row, not column names (columns are 1, 2, …)")
    static let xpath = Option("--xpath", valueName: "ROWS", help: "XML: the XPath of the row nodes, such as //entry")
    static let columns = RepeatedOption(
        "--columns", valueName: "XPATHS",
        help: "XML: column XPaths evaluated at each row, comma-separated (commas inside calls are kept)")
    static let column = RepeatedOption(
        "--column", valueName: "XPATH", help: "XML: one column XPath, taken whole; repeat for each column")

    /// The options both commands take, in the order help lists them.
    static let parameters: [any CommandParameter] = [
        style, text, detail, image, sections, header, footer, format, noHeader, xpath, columns, column,
    ]

    /// A file opened as a table, and where it came from.
    struct Opened {
        var document: TableDocument
        /// The container path, or nil for standard input.
        var path: SandboxPath?
        /// The file's version when it was opened (a save writes only over this version).
        var version: FileVersion?
    }

    /// Parses the shared options.
    static func tableOptions(_ arguments: Arguments) throws -> TableOptions {
        var options = TableOptions()
        if let style = arguments[style] {
            options.style = style
        }
        options.format = arguments[format]
        options.text = arguments[text]
        options.detail = arguments[detail]
        options.image = arguments[image]
        options.sections = arguments[sections]
        options.headers = arguments[header]
        options.footers = arguments[footer]
        options.hasHeader = !arguments[noHeader]
        options.rowsXPath = arguments[xpath]
        let lists = arguments[columns]
        let single = arguments[column]
        guard lists.isEmpty || single.isEmpty else {
            throw UsageError(
                "give the columns either as one --columns list or as --column options, not both",
                usage: arguments.usage)
        }
        options.columnXPaths = single.isEmpty ? lists.flatMap(XMLRows.columnXPaths(fromList:)) : single
        if options.rowsXPath == nil && !options.columnXPaths.isEmpty {
            throw UsageError("--columns and --column need --xpath to select the rows", usage: arguments.usage)
        }
        return options
    }

    /// Opens `file` (a Home path, or `-` for standard input) as a table.
    static func open(_ file: String, options: TableOptions, context: CommandContext, operation: String) throws
        -> Opened
    {
        if file == "-" {
            var bytes: [UInt8] = []
            try context.input.forEachChunk { bytes += $0 }
            var options = options
            options.format = options.format ?? (options.rowsXPath == nil ? .csv : .xml)
            let document = try TableDocument(bytes: MemoryBytes(bytes), name: "standard input", options: options)
            return Opened(document: document, path: nil, version: nil)
        }
        let path = try SandboxPath(parsing: file)
        let table = try TableFile(path, in: Files(try context.container()), options: options)
        return Opened(document: table.document, path: path, version: table.version)
    }
}
