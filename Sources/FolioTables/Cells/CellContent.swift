/// What a cell shows, as a value: its style, labels and image.
public struct CellContent: Hashable, Sendable, Codable {
    /// How the labels are laid out.
    public var style: CellStyle
    /// The main label's text.
    public var text: String?
    /// The detail label's text.
    public var detail: String?
    /// The image, if any.
    public var image: CellImage?

    /// Content with the given style, labels and image.
    public init(style: CellStyle, text: String?, detail: String? = nil, image: CellImage? = nil) {
        self.style = style
        self.text = text
        self.detail = detail
        self.image = image
    }
}
