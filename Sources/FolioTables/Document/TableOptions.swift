/// How a file becomes a table: its format, which columns fill the cells, the sections, their
/// titles, and for XML the XPaths of rows and columns.
public struct TableOptions: Hashable, Sendable {
    /// The format; nil to take it from the file name.
    public var format: TableFormat?
    /// Whether the first CSV record names the columns.
    public var hasHeader = true
    /// The column of the main label (a name or a number from 1); the first column by default.
    public var text: String?
    /// The column of the detail label; the next column by default.
    public var detail: String?
    /// The column of image names; none by default.
    public var image: String?
    /// The column whose values group rows into sections.
    public var sections: String?
    /// The cells' style.
    public var style: CellStyle = .default
    /// Section headers, one per section, or one holding `{section}` for all.
    public var headers: [String] = []
    /// Section footers, one per section, or one holding `{section}` for all.
    public var footers: [String] = []
    /// For XML: the XPath of the row nodes.
    public var rowsXPath: String?
    /// For XML: one XPath per column, relative to a row node.
    public var columnXPaths: [String] = []

    /// Options with every default.
    public init() {}
}
