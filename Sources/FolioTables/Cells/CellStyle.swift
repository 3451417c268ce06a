/// How a cell lays out its labels: the four styles of a table view's cells.
///
/// - ``default``: the text, left-aligned, after an optional image; no detail.
/// - ``subtitle``: the text on top and, below it, the detail, dimmer.
/// - ``value1``: the text on the left and the detail right-aligned on the right (in a second colour).
/// - ``value2``: the text as a right-aligned label in a narrow column on the left (in a second
///   colour), then the smaller detail, left-aligned.
public enum CellStyle: String, Sendable, Hashable, CaseIterable, Codable, CustomStringConvertible {
    /// The text alone, left-aligned, after an optional image.
    case `default`
    /// The text over a dimmer detail line.
    case subtitle
    /// The text on the left, the detail right-aligned on the right.
    case value1
    /// A right-aligned text label on the left, then the smaller detail.
    case value2

    /// Whether the style shows the detail label.
    public var showsDetail: Bool { self != .default }

    public var description: String { rawValue }
}
