/// Which columns of a ``RowSource`` fill a cell's labels and image, which one groups rows into
/// sections, and the cells' style.
///
/// Columns are named by their header or by their number from 1 (`2` is the second column). By
/// default the text is the first column and the detail the second, leaving out the section
/// column; the image is shown only when a column is named for it.
public struct ColumnMapping: Hashable, Sendable {
    /// The column of the main label.
    public var text: Int?
    /// The column of the detail label.
    public var detail: Int?
    /// The column of the image name.
    public var image: Int?
    /// The column whose values group rows into sections, in order of first appearance.
    public var sections: Int?
    /// The cells' style.
    public var style: CellStyle

    /// A mapping of column indices (from 0).
    public init(text: Int?, detail: Int? = nil, image: Int? = nil, sections: Int? = nil, style: CellStyle = .default) {
        self.text = text
        self.detail = detail
        self.image = image
        self.sections = sections
        self.style = style
    }

    /// Resolves column names (or numbers from 1) against `columns`, filling in the defaults.
    ///
    /// - Throws: ``TableError`` `.unknownColumn` for a name that is not a column, saying which
    ///   columns there are.
    public init(
        columns: [String], text: String? = nil, detail: String? = nil, image: String? = nil,
        sections: String? = nil, style: CellStyle = .default
    ) throws(TableError) {
        func resolve(_ name: String?) throws(TableError) -> Int? {
            guard let name else { return nil }
            if let index = columns.firstIndex(of: name) { return index }
            if let number = Int(name), number >= 1, number <= columns.count { return number - 1 }
            let known = columns.isEmpty ? "it has no columns" : "its columns are " + columns.joined(separator: ", ")
            throw TableError(
                .unknownColumn, operation: "choose columns", subject: name,
                reason: "no such column (\(known); a column may also be given by its number from 1)")
        }
        let sectionColumn = try resolve(sections)
        let free = columns.indices.filter { $0 != sectionColumn }
        let textColumn = try resolve(text) ?? free.first
        self.init(
            text: textColumn,
            detail: try resolve(detail) ?? free.first { $0 != textColumn },
            image: try resolve(image),
            sections: sectionColumn,
            style: style)
    }
}
