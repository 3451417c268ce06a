/// One screen of a table as a terminal shows it: its lines, and where it starts and ends.
public struct TerminalScreen: Hashable, Sendable {
    /// The lines, without newlines; at most the renderer's height.
    public var lines: [String]
    /// The position of the first element shown (a repeated section header does not count).
    public var start: TablePosition
    /// The position after the last element shown: where the next screen starts.
    public var end: TablePosition
    /// Whether the screen shows the table's first element.
    public var isAtTop: Bool
    /// Whether the screen shows the table's last element.
    public var isAtBottom: Bool
}
