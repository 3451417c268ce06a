/// One row's cell: a style, a text label, a detail label and an optional image.
///
/// Cells are objects so that a table can reuse them: a cell that scrolls out of the visible
/// window goes back to its table's reuse pool under its ``reuseIdentifier``, and the next row
/// that needs a cell with that identifier gets it back, cleared by ``prepareForReuse()``, from
/// ``TableView/dequeueReusableCell(withIdentifier:style:)``. That keeps the number of cells a
/// table holds bounded by what is on screen, however many rows its data source has.
///
/// The style is fixed when the cell is made, like the identifier; the labels change.
public final class TableCell {
    /// How the labels are laid out.
    public let style: CellStyle
    /// The tag under which the cell is reused, or nil for a cell that is never reused.
    public let reuseIdentifier: String?
    /// The main label's text.
    public var text: String?
    /// The detail label's text (shown by every style but ``CellStyle/default``).
    public var detail: String?
    /// The image shown on the left, if any.
    public var image: CellImage?
    /// Whether the row is selected (set by the table).
    public internal(set) var isSelected = false
    /// Whether a table has counted this cell among its materialised cells.
    var isKnownToTable = false

    /// A cell with the given style and reuse identifier, and empty labels.
    public init(style: CellStyle = .default, reuseIdentifier: String? = nil) {
        self.style = style
        self.reuseIdentifier = reuseIdentifier
    }

    /// Clears the labels, the image and the selection before the cell is handed out again.
    public func prepareForReuse() {
        text = nil
        detail = nil
        image = nil
        isSelected = false
    }

    /// The cell's content as a value, for renderers and tests.
    public var content: CellContent {
        CellContent(style: style, text: text, detail: detail, image: image)
    }
}
