import FolioFiles
import FolioSandbox
import FolioTables
import Foundation

/// What `table show` and `table edit` share: the options that turn a file into a table, and
/// opening the file in the Home.
enum TableSource {
    static let options: [ArgumentSpec.Option] = [
        ArgumentSpec.Option.value(
            "--style", name: "S", help: "cell style: default, subtitle, value1 or value2 (default: default)"),
        ArgumentSpec.Option.value("--text", name: "COL", help: "column of each cell's text (default: the first)"),
        ArgumentSpec.Option.value("--detail", name: "COL", help: "column of each cell's detail (default: the next)"),
        ArgumentSpec.Option.value(
            "--image", name: "COL", help: "column of image names, shown as symbols (default: none)"),
        ArgumentSpec.Option.value("--sections", name: "COL", help: "group rows into sections by this column's values"),
        ArgumentSpec.Option.repeated(
            "--header", name: "TEXT", help: "title above each section in turn; {section} is its value"),
        ArgumentSpec.Option.repeated(
            "--footer", name: "TEXT", help: "title below each section in turn; {section} is its value"),
        ArgumentSpec.Option.value(
            "--format", name: "F", help: "csv, tsv, json or xml (default: from the name; csv for -)"),
        ArgumentSpec.Option.flag(
            "--no-header", help: "the first CSV line is a row, not column names (columns are 1, 2, …)"),
        ArgumentSpec.Option.value("--xpath", name: "ROWS", help: "XML: the XPath of the row nodes, such as //entry"),
        ArgumentSpec.Option.repeated(
            "--columns", name: "XPATHS",
            help: "XML: column XPaths evaluated at each row, comma-separated (commas inside calls are kept)"),
        ArgumentSpec.Option.repeated(
            "--column", name: "XPATH", help: "XML: one column XPath, taken whole; repeat for each column"),
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
        if let style = arguments.value("--style") {
            guard let parsed = CellStyle(rawValue: style) else {
                throw UsageError(
                    "unknown style '\(style)'; use default, subtitle, value1 or value2", usage: arguments.usage)
            }
            options.style = parsed
        }
        if let format = arguments.value("--format") {
            guard let parsed = TableFormat(rawValue: format.lowercased()) else {
                throw UsageError("unknown format '\(format)'; use csv, tsv, json or xml", usage: arguments.usage)
            }
            options.format = parsed
        }
        options.text = arguments.value("--text")
        options.detail = arguments.value("--detail")
        options.image = arguments.value("--image")
        options.sections = arguments.value("--sections")
        options.headers = arguments.values("--header")
        options.footers = arguments.values("--footer")
        options.hasHeader = !arguments.flag("--no-header")
        options.rowsXPath = arguments.value("--xpath")
        let lists = arguments.values("--columns")
        let single = arguments.values("--column")
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
        let file = try Files(try context.container()).openForReading(path)
        let version = try file.version()
        var options = options
        if options.format == nil && options.rowsXPath != nil {
            options.format = .xml
        }
        let document = try TableDocument(bytes: ContainerFileBytes(file), name: path.description, options: options)
        return Opened(document: document, path: path, version: version)
    }
}

/// A file in the container read at any offset, for the lazy table sources.
final class ContainerFileBytes: RandomAccessBytes {
    private let file: ReadableFile

    init(_ file: ReadableFile) {
        self.file = file
    }

    func read(at offset: Int64, count: Int) throws -> [UInt8] {
        [UInt8](try file.read(upTo: count, at: UInt64(offset)))
    }
}
