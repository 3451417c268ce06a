import FolioArchive
import FolioDocuments
import FolioTables
import Foundation

/// The text of a file that search reads: a note's text, a drawing's text shapes, a table's
/// column names and cells — at most ``maximumLength`` bytes of it, cleaned for the index.
///
/// A file that cannot be read as its kind (a damaged drawing, a malformed CSV) gives no text
/// and is found by its name only: search never fails because one document is broken.
enum SearchableText {
    /// The most bytes of text kept from one file.
    static let maximumLength = 1 << 20
    /// The largest file whose contents are read (larger ones are found by name).
    static let maximumFileSize = 16 << 20
    /// The most rows read from one table.
    static let maximumTableRows = 100_000

    /// The text of `contents`, a file named `name` read as `kind`.
    static func text(of contents: Data, name: String, kind: SearchKind) -> String {
        let raw: String
        switch kind {
        case .note:
            raw = String(decoding: contents.prefix(maximumLength), as: UTF8.self)
        case .drawing:
            raw = drawingText(contents, name: name)
        case .table:
            raw = tableText(contents, name: name)
        case .generic:
            raw = ""
        }
        return cleaned(raw)
    }

    /// The strings of a drawing's text shapes, one a line; none for a damaged drawing.
    static func drawingText(_ contents: Data, name: String) -> String {
        guard let drawing = try? Archiver().decode(Drawing.self, from: contents, subject: name) else { return "" }
        var text = ""
        for drawable in drawing.drawables {
            if case .text(let shape) = drawable {
                text += shape.string + "\n"
                if text.utf8.count >= maximumLength { break }
            }
        }
        return text
    }

    /// A table's column names, then its rows, a cell to a tab, a row to a line; up to where it
    /// stops parsing, for a malformed one.
    static func tableText(_ contents: Data, name: String) -> String {
        guard let table = try? TableDocument(bytes: MemoryBytes([UInt8](contents)), name: name, options: TableOptions())
        else { return "" }
        var text = table.source.columns.joined(separator: "\t") + "\n"
        var index = 0
        while index < maximumTableRows, text.utf8.count < maximumLength,
            let row = try? table.source.row(at: index)
        {
            text += row.joined(separator: "\t") + "\n"
            index += 1
        }
        return text
    }

    /// `text` cut to ``maximumLength`` bytes, with every control character but tab and line
    /// break made a space: the index's snippets mark matches with control characters, which
    /// must never come from a file.
    static func cleaned(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        var length = 0
        for scalar in text.unicodeScalars {
            length += UTF8.width(scalar)
            if length > maximumLength { break }
            if scalar.properties.generalCategory == .control && scalar != "\n" && scalar != "\t" {
                result.append(" ")
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }
}
