import FolioDocuments
import FolioSandbox
import FolioTables

/// How a file's contents are read for search, chosen by its extension.
public enum SearchKind: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// A note: its UTF-8 text (`.txt`, the library's note kind, and `.md`).
    case note
    /// A drawing: the text of its text shapes (`.dudeldoc`).
    case drawing
    /// A table file: its column names and cells (`.csv`, `.tsv`, `.tab`, `.json`).
    case table
    /// Any other file: only its name is searched.
    case generic

    /// The kind for a file named `name` (the extension's case is ignored).
    public init(fileName name: String) {
        let fileExtension = FileName.split(name).extension.lowercased()
        if fileExtension == DocumentKind.drawing.fileExtension {
            self = .drawing
        } else if fileExtension == DocumentKind.note.fileExtension || fileExtension == "md" {
            self = .note
        } else if let format = TableFormat(fileName: name), format != .xml {
            self = .table
        } else {
            self = .generic
        }
    }

    public var description: String { rawValue }
}
