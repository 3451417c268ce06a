import FolioCore
import Foundation

/// Writes a table as semantic HTML for the web app: each section a `<section>` with an `<h2>`
/// header, a `<ul>` of rows and a `<p>` footer; each row an `<li>` whose classes name its cell
/// style; every text escaped.
///
/// ```html
/// <div class="folio-table folio-table-plain">
/// <section class="folio-section" data-section="0">
/// <h2 class="folio-section-header">The Simpsons Family</h2>
/// <ul class="folio-rows">
/// <li class="folio-cell folio-cell-value1" data-index-path="0.0"><span class="folio-cell-image" role="img"
///  aria-label="0-0.png">●</span><span class="folio-cell-text" dir="auto">Homer Jay Simpson</span><span
///  class="folio-cell-detail" dir="auto">Father</span></li>
/// </ul>
/// <p class="folio-section-footer">End of Simpsons Family</p>
/// </section>
/// </div>
/// ```
///
/// Texts pass through ``TerminalText/sanitized(_:)`` (control and bidirectional-override
/// characters become visible symbols) and then ``FolioCore/MarkupText``; each label has `dir="auto"`,
/// so right-to-left text is isolated. The table is written window by window, so a table of a
/// million rows has cells for only one window at a time; ``render(_:from:rowLimit:to:)`` writes
/// one window of rows, for a list that loads rows as it scrolls.
public struct HTMLRenderer: Sendable {
    /// The heading level of section headers (`2` for `<h2>`).
    public var headingLevel: Int
    /// The address of an image's picture, or nil to show its symbol; with no function, symbols.
    public var imageURL: (@Sendable (CellImage) -> String?)?
    /// How many rows get cells at once while the whole table is written.
    public var batchSize = 256

    /// A renderer with section headers at `headingLevel` and images found by `imageURL`.
    public init(headingLevel: Int = 2, imageURL: (@Sendable (CellImage) -> String?)? = nil) {
        precondition((1...6).contains(headingLevel), "HTML headings are h1 to h6")
        self.headingLevel = headingLevel
        self.imageURL = imageURL
    }

    /// Writes the whole table, handing pieces of markup to `write`.
    ///
    /// - Throws: what the data source or `write` throws.
    public func render(_ table: TableView, to write: (String) throws -> Void) throws {
        try render(table, from: .top, rowLimit: nil, to: write)
    }

    /// The whole table as one string: for small tables and tests.
    public func string(of table: TableView) throws -> String {
        var html = ""
        try render(table) { html += $0 }
        return html
    }

    /// Writes the table from `position` on, at most `rowLimit` rows (all with nil), as a complete
    /// fragment: a section cut by the start or the limit is still opened and closed.
    ///
    /// - Returns: where the next window starts, or nil when the table has ended.
    @discardableResult
    public func render(
        _ table: TableView, from position: TablePosition, rowLimit: Int?, to write: (String) throws -> Void
    ) throws -> TablePosition? {
        var cursor = TableCursor(table, at: position)
        try write("<div class=\"folio-table folio-table-\(table.style.rawValue)\"")
        try write(table.isEditing ? " data-editing=\"true\">\n" : ">\n")
        var openSection: Int?
        if position != .start(of: position.section), !(try cursor.isAtEnd()) {
            try write(opening(section: position.section, header: nil))
            openSection = position.section
        }
        var written = 0
        while rowLimit.map({ written < $0 }) ?? true {
            var batch: [TableElement] = []
            var rows: [IndexPath] = []
            let room = min(batchSize, (rowLimit ?? Int.max) - written)
            while rows.count < room, let element = try cursor.next() {
                batch.append(element)
                if case .row(let path) = element { rows.append(path) }
            }
            guard !batch.isEmpty else { break }
            try table.setVisibleRows(rows)
            for element in batch {
                switch element {
                case .sectionStart(let section, let header):
                    try write(opening(section: section, header: header))
                    openSection = section
                case .row(let path):
                    try write(try row(path, in: table))
                case .sectionEnd(_, let footer):
                    try write(closing(footer: footer))
                    openSection = nil
                }
            }
            written += rows.count
        }
        if openSection != nil {
            try write(closing(footer: nil))
        }
        try write("</div>\n")
        return try cursor.isAtEnd() ? nil : cursor.position
    }

    private func opening(section: Int, header: String?) -> String {
        var html = "<section class=\"folio-section\" data-section=\"\(section)\">\n"
        if let header {
            html += "<h\(headingLevel) class=\"folio-section-header\">\(text(header))</h\(headingLevel)>\n"
        }
        return html + "<ul class=\"folio-rows\">\n"
    }

    private func closing(footer: String?) -> String {
        var html = "</ul>\n"
        if let footer {
            html += "<p class=\"folio-section-footer\">\(text(footer))</p>\n"
        }
        return html + "</section>\n"
    }

    private func row(_ path: IndexPath, in table: TableView) throws(TableError) -> String {
        guard let cell = table.cellForRow(at: path) else { return "" }
        var classes = "folio-cell folio-cell-\(cell.style.rawValue)"
        if cell.isSelected { classes += " folio-selected" }
        var html = "<li class=\"\(classes)\" data-index-path=\"\(path.dotted)\""
        if cell.isSelected { html += " aria-current=\"true\"" }
        if table.isEditing, try table.dataSource.canEditRow(at: path) { html += " data-editable=\"true\"" }
        html += ">"
        if let image = cell.image {
            if let url = imageURL?(image) {
                html += "<img class=\"folio-cell-image\" src=\"\(text(url))\" alt=\"\(text(image.name))\"/>"
            } else {
                html +=
                    "<span class=\"folio-cell-image\" role=\"img\" aria-label=\"\(text(image.name))\">"
                    + "\(text(image.symbol))</span>"
            }
        }
        let label = "<span class=\"folio-cell-text\" dir=\"auto\">\(text(cell.text ?? ""))</span>"
        let detail =
            cell.style.showsDetail && !(cell.detail ?? "").isEmpty
            ? "<span class=\"folio-cell-detail\" dir=\"auto\">\(text(cell.detail ?? ""))</span>" : ""
        html += label + detail
        return html + "</li>\n"
    }

    private func text(_ raw: String) -> String {
        MarkupText.escaped(TerminalText.sanitized(raw))
    }
}
