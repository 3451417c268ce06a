import FolioDatabase
import Foundation

/// How `folio db` shows a value in a table: NULL distinct from text, BLOBs summarised, text on
/// one line.
enum CellText {
    /// The text for column `index` of `row`; BLOBs are summarised without being read whole.
    ///
    /// - Parameter limit: the most characters of text to show (longer text ends in `…`), or nil.
    static func of(_ row: Row, at index: Int, limit: Int?) -> String {
        switch row.storageClass(at: index) {
        case .blob:
            return blob(size: row.byteCount(at: index), head: row.bytes(at: index, upTo: 16))
        default:
            return text(for: row[index], limit: limit)
        }
    }

    /// The text for a value: `NULL`, a REAL in the shortest form that reads back as the same
    /// double (`2.0`, `2832.2`), text on one line (empty text and text that reads `NULL` in
    /// quotes), BLOBs as `<BLOB 2 KiB, PNG image>`.
    static func text(for value: DatabaseValue, limit: Int?) -> String {
        switch value {
        case .null:
            return "NULL"
        case .integer(let integer):
            return String(integer)
        case .real(let real):
            return DatabaseValue.realText(real)
        case .text(let text):
            if text.isEmpty || text.uppercased() == "NULL" {
                return "'\(text)'"
            }
            return oneLine(text, limit: limit)
        case .blob(let data):
            return blob(size: data.count, head: data.prefix(16))
        }
    }

    /// `<BLOB 12.3 KiB, PNG image>`: what the first bytes show, as the web app's table view
    /// reads them (``BlobSummary``).
    static func blob(size: Int, head: Data) -> String {
        var text = "<BLOB \(Format.size(UInt64(size)))"
        if let kind = BlobSummary(size: size, head: head).kind {
            text += ", \(kind.name)"
        }
        return text + ">"
    }

    /// Control characters written as escapes, so a value cannot break the table's lines.
    private static func oneLine(_ text: String, limit: Int?) -> String {
        var result = ""
        var count = 0
        for character in text {
            if let limit, count >= limit {
                return result + "…"
            }
            switch character {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\r\n": result += "\\r\\n"
            default:
                if let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1,
                    scalar.properties.generalCategory == .control
                {
                    result += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    result.append(character)
                }
            }
            count += 1
        }
        return result
    }
}
