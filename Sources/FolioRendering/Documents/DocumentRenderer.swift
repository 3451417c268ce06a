import FolioDocuments
import FolioTables
import Foundation

/// A document drawn as a PDF, PNG or SVG: a drawing on its page, a note as paginated text, a
/// table file (CSV, TSV, JSON) as a table view on pages (PDF only). The
/// one rule of which document is drawn how, used by `folio doc export`, the web app's
/// `/api/documents/{name}/pdf` and `/png`, and the drawings' thumbnails.
///
/// ```swift
/// let snapshot = try library.read("Garden.dudeldoc")
/// let pdf = try DocumentRenderer().render(snapshot, as: .pdf)
/// ```
public struct DocumentRenderer: Sendable {
    /// What a document is drawn as.
    public enum Format: String, Sendable, Hashable, CaseIterable {
        /// A PDF: a drawing's page, or a note's pages.
        case pdf
        /// A PNG picture of a drawing, or of a note's first page.
        case png
        /// An SVG document of a drawing.
        case svg

        /// The media type of the format.
        public var mediaType: String {
            switch self {
            case .pdf: "application/pdf"
            case .png: "image/png"
            case .svg: "image/svg+xml"
            }
        }
    }

    /// The sizes a PNG can be asked for, in pixels (its longer side).
    public static let pictureSizes = 16...2048
    /// The size of a PNG when none is asked for.
    public static let defaultPictureSize = 1024

    /// How drawings are drawn.
    public var drawings: DrawingRenderer
    /// How notes are laid out.
    public var notes: NoteRenderer
    /// How table files are laid out.
    public var tables: TableRenderer

    /// A renderer; notes and tables on `notes`' paper (A4 by default).
    public init(drawings: DrawingRenderer = DrawingRenderer(), notes: NoteRenderer = NoteRenderer()) {
        self.drawings = drawings
        self.notes = notes
        self.tables = TableRenderer(pageSize: notes.pageSize)
    }

    /// The document in `snapshot` drawn as `format`; a PNG's longer side is `size` pixels.
    ///
    /// - Throws: ``RenderingError``: `.notRenderable` for a document that is neither a drawing,
    ///   a note nor a table file, a note as SVG, or a table as anything but PDF; `.corrupt` for a
    ///   drawing that cannot be read, a note that is not UTF-8 or a table file that does not parse; `.invalidSize` for a size outside ``pictureSizes``; `.renderingFailed`.
    /// - Complexity: O(the document's shapes or characters).
    public func render(_ snapshot: DocumentSnapshot, as format: Format, size: Int = defaultPictureSize)
        throws(RenderingError) -> Data
    {
        let document = snapshot.document
        let subject = "Documents/" + document.name
        let title = document.title
        switch document.kind {
        case .drawing:
            let drawing = try contents(subject: subject) { () throws(DocumentError) in try snapshot.drawing() }
            switch format {
            case .pdf: return try drawings.pdf(drawing, title: title)
            case .png: return try drawings.png(drawing, size: size, title: title)
            case .svg: return try drawings.svg(drawing, title: title)
            }
        case .note:
            let text = try contents(subject: subject) { () throws(DocumentError) in try snapshot.text() }
            switch format {
            case .pdf: return try notes.pdf(text, title: title)
            case .png: return try notes.png(text, size: size, title: title)
            case .svg:
                throw RenderingError(
                    .notRenderable, operation: "render SVG", subject: subject,
                    reason: "a note is drawn as PDF or PNG, not SVG")
            }
        default:
            guard let table = TableFormat(fileName: document.name), table != .xml else {
                throw RenderingError(
                    .notRenderable, operation: "render \(format.rawValue.uppercased())", subject: subject,
                    reason: "only drawings, notes and table files (CSV, TSV, JSON) are drawn")
            }
            guard format == .pdf else {
                throw RenderingError(
                    .notRenderable, operation: "render \(format.rawValue.uppercased())", subject: subject,
                    reason: "a table file is drawn as PDF only")
            }
            let view: TableView
            do {
                let rows = try TableDocument(
                    bytes: MemoryBytes([UInt8](snapshot.contents)), name: document.name, options: TableOptions())
                view = TableView(dataSource: rows.dataSource)
            } catch {
                throw RenderingError(
                    .corrupt, operation: "render PDF", subject: subject,
                    reason: "the \(table) file cannot be read as a table: \(error.reason)", underlying: error)
            }
            return try tables.pdf(view, title: title)
        }
    }

    /// The contents `read` gives, or the reason they cannot be drawn.
    private func contents<Value>(subject: String, _ read: () throws(DocumentError) -> Value) throws(RenderingError)
        -> Value
    {
        do {
            return try read()
        } catch {
            throw RenderingError(
                error.code == .corrupt ? .corrupt : RenderingError.Code(error.code.rawValue), operation: "render",
                subject: subject, reason: error.reason, underlying: error)
        }
    }

    /// Refuses a picture size outside ``pictureSizes``.
    static func checkPictureSize(_ size: Int, subject: String) throws(RenderingError) {
        guard pictureSizes.contains(size) else {
            throw RenderingError(
                .invalidSize, operation: "render PNG", subject: subject,
                reason: "a picture is \(pictureSizes.lowerBound) to \(pictureSizes.upperBound) pixels, not \(size)")
        }
    }
}
