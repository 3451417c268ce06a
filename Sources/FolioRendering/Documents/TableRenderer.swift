import FolioTables
import Foundation

/// Draws a ``TableView`` as a PDF: each section's header, its rows laid out by their cells'
/// styles (the text, with the detail beside or below it), a rule between rows, and the section's
/// footer, over as many pages as the rows need.
///
/// The rows are asked for a batch at a time through the table's visible window, as the HTML and
/// terminal renderers ask for them, so a long table's cells are reused and memory stays bounded.
///
/// ```swift
/// let pdf = try TableRenderer().pdf(TableView(dataSource: simpsons, style: .grouped), title: "Simpsons")
/// ```
public struct TableRenderer: Sendable {
    /// The paper.
    public var pageSize: PageSize
    /// The margin on every side, in points.
    public var margin: Double
    /// The most pages drawn; rows beyond them are left out, and the last page says so.
    public var pageLimit: Int

    /// How many rows are placed in the table's window at a time.
    static let batchSize = 200
    private static let textSize = 11.0
    private static let detailSize = 9.5
    private static let headerSize = 13.0

    /// A renderer for `pageSize` paper (A4 by default) with 2 cm margins.
    public init(pageSize: PageSize = .a4, margin: Double = 56.7, pageLimit: Int = 2000) {
        self.pageSize = pageSize
        self.margin = margin
        self.pageLimit = max(1, pageLimit)
    }

    /// The table, every section and row, as a PDF.
    /// - Throws: ``RenderingError``: `.renderingFailed` when cairo fails; a failure of the
    ///   table's data source keeps its code and is the ``RenderingError/underlying`` error.
    /// - Complexity: O(rows); cells of one batch at a time.
    public func pdf(_ table: TableView, title: String? = nil) throws(RenderingError) -> Data {
        let subject = title ?? "the table"
        let canvas = try CairoCanvas.pdf(width: pageSize.width, height: pageSize.height, title: title)
        let writer = PageWriter(canvas: canvas, pageSize: pageSize, margin: margin, pageLimit: pageLimit)
        do throws(TableError) {
            var cursor = TableCursor(table, at: .top)
            var finished = false
            while !finished, !writer.isTruncated {
                var batch: [TableElement] = []
                var rows: [IndexPath] = []
                while rows.count < TableRenderer.batchSize, let element = try cursor.next() {
                    batch.append(element)
                    if case .row(let path) = element { rows.append(path) }
                }
                finished = batch.isEmpty
                try table.setVisibleRows(rows)
                for element in batch where !writer.isTruncated {
                    draw(element, of: table, with: writer)
                }
            }
        } catch {
            throw RenderingError(
                Code(error.code.rawValue), operation: "render PDF", subject: subject, reason: error.reason,
                underlying: error)
        }
        if writer.isTruncated {
            canvas.setFont(size: TableRenderer.detailSize)
            canvas.setColor(red: 0.4, green: 0.4, blue: 0.4)
            canvas.showText(
                "… the table continues beyond \(pageLimit) pages", x: margin,
                y: pageSize.height - margin + TableRenderer.textSize * 1.4)
        }
        return try canvas.finish(subject: subject)
    }

    private typealias Code = RenderingError.Code

    private func draw(_ element: TableElement, of table: TableView, with writer: PageWriter) {
        let canvas = writer.canvas
        switch element {
        case .sectionStart(let section, let header):
            let space = section == 0 ? 0 : TableRenderer.headerSize
            guard let header else {
                _ = writer.reserve(space)
                writer.advance(by: space)
                return
            }
            canvas.setFont(size: TableRenderer.headerSize, weight: .bold)
            let lineHeight = TableRenderer.headerSize * 1.5
            guard writer.reserve(space + lineHeight * 2) else { return }
            writer.advance(by: space)
            canvas.setColor(red: 0.1, green: 0.1, blue: 0.1)
            for line in writer.wrap(header, width: writer.lineWidth) {
                guard writer.reserve(lineHeight) else { return }
                canvas.showText(line, x: margin, y: writer.cursor + canvas.fontMetrics().ascent)
                writer.advance(by: lineHeight)
            }
        case .row(let path):
            guard let cell = table.cellForRow(at: path) else { return }
            drawRow(cell.content, with: writer)
        case .sectionEnd(_, let footer):
            guard let footer else { return }
            canvas.setFont(size: TableRenderer.detailSize)
            canvas.setColor(red: 0.4, green: 0.4, blue: 0.4)
            let lineHeight = TableRenderer.detailSize * 1.4
            writer.advance(by: 4)
            for line in writer.wrap(footer, width: writer.lineWidth) {
                guard writer.reserve(lineHeight) else { return }
                canvas.showText(line, x: margin, y: writer.cursor + canvas.fontMetrics().ascent)
                writer.advance(by: lineHeight)
            }
        }
    }

    /// One row: its labels placed as its style places them, then a rule under it.
    private func drawRow(_ content: CellContent, with writer: PageWriter) {
        let canvas = writer.canvas
        let text = content.text ?? ""
        let detail = content.style.showsDetail ? (content.detail ?? "") : ""
        let textLine = TableRenderer.textSize * 1.6
        let height =
            content.style == .subtitle && !detail.isEmpty ? textLine + TableRenderer.detailSize * 1.4 : textLine
        guard writer.reserve(height) else { return }
        canvas.setFont(size: TableRenderer.textSize)
        let baseline = writer.cursor + canvas.fontMetrics().ascent + 3
        let width = writer.lineWidth
        switch content.style {
        case .default:
            canvas.setColor(red: 0, green: 0, blue: 0)
            canvas.showText(writer.truncated(text, width: width), x: margin, y: baseline)
        case .subtitle:
            canvas.setColor(red: 0, green: 0, blue: 0)
            canvas.showText(writer.truncated(text, width: width), x: margin, y: baseline)
            if !detail.isEmpty {
                canvas.setFont(size: TableRenderer.detailSize)
                canvas.setColor(red: 0.4, green: 0.4, blue: 0.4)
                canvas.showText(writer.truncated(detail, width: width), x: margin, y: baseline + textLine - 4)
            }
        case .value1:
            canvas.setFont(size: TableRenderer.textSize)
            let shownDetail = writer.truncated(detail, width: width / 2)
            let detailAdvance = canvas.advance(of: shownDetail)
            canvas.setColor(red: 0, green: 0, blue: 0)
            canvas.showText(writer.truncated(text, width: width - detailAdvance - 8), x: margin, y: baseline)
            canvas.setColor(red: 0.4, green: 0.4, blue: 0.4)
            canvas.showText(shownDetail, x: margin + width - detailAdvance, y: baseline)
        case .value2:
            let column = width * 0.3
            canvas.setFont(size: TableRenderer.detailSize)
            let label = writer.truncated(text, width: column - 8)
            canvas.setColor(red: 0.2, green: 0.35, blue: 0.6)
            canvas.showText(label, x: margin + column - 8 - canvas.advance(of: label), y: baseline)
            canvas.setFont(size: TableRenderer.textSize)
            canvas.setColor(red: 0, green: 0, blue: 0)
            canvas.showText(writer.truncated(detail, width: width - column), x: margin + column, y: baseline)
        }
        writer.advance(by: height)
        canvas.setColor(red: 0.85, green: 0.85, blue: 0.85)
        canvas.setLineWidth(0.5)
        canvas.move(toX: margin, y: writer.cursor - 0.5)
        canvas.line(toX: margin + width, y: writer.cursor - 0.5)
        canvas.strokeKeepingPath()
        canvas.clearPath()
    }
}
