/// How a table presents its sections, fixed when the table is made.
public enum TableStyle: String, Sendable, Hashable, CaseIterable, Codable, CustomStringConvertible {
    /// Rows run edge to edge; a section's header stays on top of the screen while its rows scroll.
    case plain
    /// Each section is a separate group with its header above and its footer below.
    case grouped

    public var description: String { rawValue }
}
