import FolioDocuments
import Foundation

/// Draws a ``Drawing`` with cairo exactly as the web app's canvas draws it (`drawing.js`): on a
/// white page of the drawing's own size (``Drawing/pageSize``), each shape in the order drawn, its fill under its stroke, lines
/// with round caps and joins, text in the sans-serif face with its baseline one font size below
/// the top of its frame.
///
/// The rules the canvas follows are kept here too: a number that is not finite counts as 0 (a
/// line width as 1, a font size as 24), a frame with a negative width or height is turned the
/// right way round, a shape with no area or a path of fewer than two points draws nothing, a
/// colour that is nil paints nothing, a line width of 0 draws no outline, and text takes its
/// fill colour, else its stroke colour, else black.
///
/// ```swift
/// let pdf = try DrawingRenderer().pdf(drawing, title: "Garden")
/// let png = try DrawingRenderer().png(drawing, size: 256)
/// ```
public struct DrawingRenderer: Sendable {
    /// The page `drawing` is drawn on, in drawing points: its own page, as the editor shows it.
    public static func pageSize(of drawing: Drawing) -> PageSize {
        PageSize(width: drawing.pageSize.width, height: drawing.pageSize.height)
    }

    /// The farthest from the origin a coordinate is drawn; beyond it a shape is clamped (cairo
    /// keeps coordinates in 24.8 fixed point).
    static let coordinateLimit = 1_000_000.0

    /// A renderer.
    public init() {}

    /// The drawing as a one-page PDF of its page size.
    /// - Throws: ``RenderingError`` `.renderingFailed` when cairo fails.
    /// - Complexity: O(shapes and their points).
    public func pdf(_ drawing: Drawing, title: String? = nil) throws(RenderingError) -> Data {
        let size = DrawingRenderer.pageSize(of: drawing)
        let canvas = try CairoCanvas.pdf(width: size.width, height: size.height, title: title)
        draw(drawing, on: canvas)
        return try canvas.finish(subject: title ?? "the drawing")
    }

    /// The drawing as an SVG document of its page size.
    /// - Throws: ``RenderingError`` `.renderingFailed` when cairo fails.
    public func svg(_ drawing: Drawing, title: String? = nil) throws(RenderingError) -> Data {
        let size = DrawingRenderer.pageSize(of: drawing)
        let canvas = try CairoCanvas.svg(width: size.width, height: size.height)
        draw(drawing, on: canvas)
        return try canvas.finish(subject: title ?? "the drawing")
    }

    /// The drawing as a PNG whose longer side is `size` pixels.
    /// - Throws: ``RenderingError`` `.invalidSize` outside ``DocumentRenderer/pictureSizes``,
    ///   `.renderingFailed` when cairo fails.
    public func png(_ drawing: Drawing, size: Int, title: String? = nil) throws(RenderingError) -> Data {
        try DocumentRenderer.checkPictureSize(size, subject: title ?? "the drawing")
        let page = DrawingRenderer.pageSize(of: drawing)
        let pixels = page.pixels(longerSide: size)
        let canvas = try CairoCanvas.image(width: pixels.width, height: pixels.height)
        canvas.scale(by: Double(pixels.width) / page.width)
        draw(drawing, on: canvas)
        return try canvas.finish(subject: title ?? "the drawing")
    }

    /// Paints the white page, then every shape in order.
    func draw(_ drawing: Drawing, on canvas: CairoCanvas) {
        canvas.setColor(red: 1, green: 1, blue: 1)
        let page = DrawingRenderer.pageSize(of: drawing)
        canvas.rectangle(x: 0, y: 0, width: page.width, height: page.height)
        canvas.fillKeepingPath()
        canvas.clearPath()
        for drawable in drawing.drawables {
            draw(drawable, on: canvas)
        }
    }

    private func draw(_ drawable: Drawable, on canvas: CairoCanvas) {
        switch drawable {
        case .line(let line):
            canvas.move(toX: number(line.from.x), y: number(line.from.y))
            canvas.line(toX: number(line.to.x), y: number(line.to.y))
            paint(line.style, fills: false, on: canvas)
        case .rectangle(let rectangle):
            let frame = normalized(rectangle.frame)
            guard frame.width > 0, frame.height > 0 else { return }
            canvas.rectangle(x: frame.x, y: frame.y, width: frame.width, height: frame.height)
            paint(rectangle.style, fills: true, on: canvas)
        case .ellipse(let ellipse):
            let frame = normalized(ellipse.frame)
            guard frame.width > 0, frame.height > 0 else { return }
            canvas.ellipse(
                centerX: frame.x + frame.width / 2, centerY: frame.y + frame.height / 2,
                radiusX: frame.width / 2, radiusY: frame.height / 2)
            paint(ellipse.style, fills: true, on: canvas)
        case .freehand(let path):
            guard path.points.count >= 2, let first = path.points.first else { return }
            canvas.move(toX: number(first.x), y: number(first.y))
            for point in path.points.dropFirst() {
                canvas.line(toX: number(point.x), y: number(point.y))
            }
            paint(path.style, fills: false, on: canvas)
        case .text(let text):
            let frame = normalized(text.frame)
            let size = number(text.fontSize, fallback: 24)
            guard size > 0 else { return }
            set(text.style.fillColor ?? text.style.strokeColor ?? .black, on: canvas)
            canvas.setFont(size: min(size, DrawingRenderer.coordinateLimit))
            canvas.showText(text.string, x: frame.x, y: frame.y + size)
        }
    }

    /// Fills (when the shape is closed and has a fill colour), then strokes the current path.
    private func paint(_ style: Drawing.Style, fills: Bool, on canvas: CairoCanvas) {
        if fills, let fill = style.fillColor {
            set(fill, on: canvas)
            canvas.fillKeepingPath()
        }
        let width = max(0, number(style.lineWidth, fallback: 1))
        if let stroke = style.strokeColor, width > 0 {
            set(stroke, on: canvas)
            canvas.setLineWidth(min(width, DrawingRenderer.coordinateLimit))
            canvas.strokeKeepingPath()
        }
        canvas.clearPath()
    }

    private func set(_ color: Drawing.Color, on canvas: CairoCanvas) {
        canvas.setColor(
            red: Double(color.red) / 255, green: Double(color.green) / 255, blue: Double(color.blue) / 255,
            alpha: Double(color.alpha) / 255)
    }

    /// A coordinate as the canvas reads it: finite, else `fallback`; clamped to what cairo holds.
    private func number(_ value: Double, fallback: Double = 0) -> Double {
        guard value.isFinite else { return fallback }
        return min(max(value, -DrawingRenderer.coordinateLimit), DrawingRenderer.coordinateLimit)
    }

    /// A frame with a non-negative width and height, as `drawing.js`'s `normalized` makes it.
    private func normalized(_ frame: Drawing.Rect) -> (x: Double, y: Double, width: Double, height: Double) {
        var x = number(frame.origin.x)
        var y = number(frame.origin.y)
        var width = number(frame.width)
        var height = number(frame.height)
        if width < 0 {
            x += width
            width = -width
        }
        if height < 0 {
            y += height
            height = -height
        }
        return (x, y, width, height)
    }
}
