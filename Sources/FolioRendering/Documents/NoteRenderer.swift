import Foundation

/// Draws a note's text on pages of paper: in the sans-serif face, wrapped between the margins at
/// spaces (inside a word only when it is longer than a line), each line break of the note
/// starting a new line, a long note running over as many pages as it needs.
///
/// ```swift
/// let pdf = try NoteRenderer(pageSize: .letter).pdf("Groceries\nmilk, eggs", title: "Groceries")
/// ```
public struct NoteRenderer: Sendable {
    /// The paper.
    public var pageSize: PageSize
    /// The margin on every side, in points.
    public var margin: Double
    /// The size of the text, in points.
    public var fontSize: Double
    /// The most pages a note is drawn on; text beyond them is left out and the PDF says so on
    /// its last line.
    public var pageLimit: Int

    /// A renderer for `pageSize` paper (A4 by default) with 2 cm margins and 11-point text.
    public init(pageSize: PageSize = .a4, margin: Double = 56.7, fontSize: Double = 11, pageLimit: Int = 2000) {
        self.pageSize = pageSize
        self.margin = margin
        self.fontSize = fontSize
        self.pageLimit = max(1, pageLimit)
    }

    /// The distance from one baseline to the next.
    var lineHeight: Double { fontSize * 1.4 }

    /// The note as a PDF of as many pages as its text needs.
    /// - Throws: ``RenderingError`` `.renderingFailed` when cairo fails.
    /// - Complexity: O(characters of the text).
    public func pdf(_ text: String, title: String? = nil) throws(RenderingError) -> Data {
        let canvas = try CairoCanvas.pdf(width: pageSize.width, height: pageSize.height, title: title)
        write(text, on: canvas)
        return try canvas.finish(subject: title ?? "the note")
    }

    /// The first page of the note as a PNG whose longer side is `size` pixels.
    /// - Throws: ``RenderingError`` `.invalidSize` outside ``DocumentRenderer/pictureSizes``,
    ///   `.renderingFailed` when cairo fails.
    public func png(_ text: String, size: Int, title: String? = nil) throws(RenderingError) -> Data {
        try DocumentRenderer.checkPictureSize(size, subject: title ?? "the note")
        let pixels = pageSize.pixels(longerSide: size)
        let canvas = try CairoCanvas.image(width: pixels.width, height: pixels.height)
        canvas.scale(by: Double(pixels.width) / pageSize.width)
        write(text, on: canvas)
        return try canvas.finish(subject: title ?? "the note")
    }

    private func write(_ text: String, on canvas: CairoCanvas) {
        let writer = PageWriter(canvas: canvas, pageSize: pageSize, margin: margin, pageLimit: pageLimit)
        canvas.setFont(size: fontSize)
        let ascent = canvas.fontMetrics().ascent
        var paragraphs = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        // A final line break ends the last line; it does not start another.
        if paragraphs.count > 1, paragraphs.last?.isEmpty == true {
            paragraphs.removeLast()
        }
        // Lines past the last page are never drawn, so they are never laid out either.
        let linesPerPage = Int((pageSize.height - 2 * margin) / lineHeight) + 1
        var budget = linesPerPage * (canvas.kind == .pdf ? pageLimit : 1) + 1
        for paragraph in paragraphs {
            let lines = writer.wrap(String(paragraph), width: writer.lineWidth, maximumLines: budget)
            budget -= lines.count
            for line in lines {
                guard writer.reserve(lineHeight) else { break }
                canvas.setColor(red: 0, green: 0, blue: 0)
                canvas.showText(line, x: margin, y: writer.cursor + ascent)
                writer.advance(by: lineHeight)
            }
            if writer.isTruncated || budget <= 0 { break }
        }
        if writer.isTruncated, canvas.kind == .pdf {
            canvas.setColor(red: 0.4, green: 0.4, blue: 0.4)
            canvas.showText(
                "… the note continues beyond \(pageLimit) pages", x: margin,
                y: pageSize.height - margin + lineHeight)
        }
    }
}
