import Foundation

/// One piece of a table in reading order: a section's start (with its header), a row, or a
/// section's end (with its footer).
///
/// Renderers walk these with a ``TableCursor``; every section yields a start and an end, even
/// without titles, so a renderer can open and close a group around its rows.
public enum TableElement: Hashable, Sendable {
    /// The start of `section`, with its header title if it has one.
    case sectionStart(section: Int, header: String?)
    /// The row at an index path.
    case row(IndexPath)
    /// The end of `section`, with its footer title if it has one.
    case sectionEnd(section: Int, footer: String?)

    /// The section the element belongs to.
    public var section: Int {
        switch self {
        case .sectionStart(let section, _), .sectionEnd(let section, _): section
        case .row(let path): path.section
        }
    }
}
