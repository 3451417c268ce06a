import Foundation

/// What a save puts into a document, typed by the kind that takes it: a drawing, a note's text,
/// or the bytes of any other document.
///
/// ```swift
/// let document = try library.document(named: "Garden.dudeldoc")
/// try library.save(.drawing(drawing), to: document, basedOn: document.version)
/// ```
public enum DocumentContents: Sendable {
    /// A drawing, archived into a drawing document.
    case drawing(Drawing)
    /// Text, saved as UTF-8 into a note (or any document but a drawing).
    case text(String)
    /// Bytes, saved as they are.
    case bytes(Data)
}
