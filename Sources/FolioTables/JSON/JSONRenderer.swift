import FolioCore
import Foundation

/// Writes a table as JSON for scripts, window by window:
///
/// ```json
/// {"style":"plain","sections":[{"header":"The Simpsons Family","footer":"End of Simpsons Family",
///  "rows":[{"indexPath":"0.0","text":"Homer Jay Simpson","detail":"Father","image":"0-0.png",
///  "imagePath":"Documents/0-0.png"}]}]}
/// ```
///
/// Absent titles, details and images are `null`; `imagePath` is the container path of the picture
/// the image names, when ``imagePath`` finds one (see ``CellImageLocator``). Texts are written as
/// they are (JSON escapes them).
public struct JSONRenderer: Sendable {
    /// How many rows get cells at once.
    public var batchSize = 256
    /// The container path of an image's picture, or nil when it has none; with no function, none.
    public var imagePath: (@Sendable (CellImage) -> String?)?
    /// More members of the top-level object, written after `style`: each a name and its value,
    /// already JSON (what a caller knows of the table beyond its rows, such as its columns).
    public var members: [(name: String, json: String)] = []

    /// A renderer whose rows give their pictures' paths as `imagePath` finds them.
    public init(imagePath: (@Sendable (CellImage) -> String?)? = nil) {
        self.imagePath = imagePath
    }

    /// Writes the whole table, handing pieces of JSON to `write`.
    public func render(_ table: TableView, to write: (String) throws -> Void) throws {
        var cursor = TableCursor(table)
        var opening = "{\"style\":\"\(table.style.rawValue)\","
        for member in members {
            opening += JSONString.quoted(member.name) + ":" + member.json + ","
        }
        try write(opening + "\"sections\":[")
        var firstRow = true
        while true {
            var batch: [TableElement] = []
            var rows: [IndexPath] = []
            while rows.count < batchSize, let element = try cursor.next() {
                batch.append(element)
                if case .row(let path) = element { rows.append(path) }
            }
            guard !batch.isEmpty else { break }
            try table.setVisibleRows(rows)
            var chunk = ""
            for element in batch {
                switch element {
                case .sectionStart(let section, let header):
                    chunk += (section == 0 ? "" : ",") + "\n{\"header\":\(JSONRenderer.value(header)),\"rows\":["
                    firstRow = true
                case .row(let path):
                    let cell = table.cellForRow(at: path)
                    chunk += (firstRow ? "\n" : ",\n") + "{\"indexPath\":\"\(path.dotted)\",\"text\":"
                    chunk += JSONRenderer.value(cell?.text) + ",\"detail\":" + JSONRenderer.value(cell?.detail)
                    chunk += ",\"image\":" + JSONRenderer.value(cell?.image?.name)
                    let picture = cell?.image.flatMap { image in imagePath?(image) }
                    chunk += ",\"imagePath\":" + JSONRenderer.value(picture) + "}"
                    firstRow = false
                case .sectionEnd(_, let footer):
                    chunk += "],\"footer\":\(JSONRenderer.value(footer))}"
                }
            }
            try write(chunk)
        }
        try write("\n]}\n")
    }

    /// A string as a JSON value, or `null`.
    static func value(_ text: String?) -> String {
        text.map(JSONString.quoted) ?? "null"
    }
}
