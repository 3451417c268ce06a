import CCairo
import Foundation

/// A cairo surface and its drawing context: the one place FolioRendering calls cairo.
///
/// A canvas is a PDF (any number of pages), an SVG (one page) or an ARGB image whose PNG
/// encoding ``finish()`` returns. The bytes a surface writes are collected in memory through a
/// write callback, so nothing touches the file system here; callers write the result through
/// the container like every other file. Coordinates are in points, origin at the top left.
/// Text goes through cairo's toy font API: fontconfig picks the face for a family such as
/// `sans-serif` (DejaVu Sans on Debian).
///
/// A canvas is used from one task at a time and is not `Sendable`.
final class CairoCanvas {
    /// What kind of surface the canvas draws on.
    enum Kind {
        case pdf, svg, image
    }

    /// The weight of a font.
    enum Weight {
        case regular, bold
    }

    let kind: Kind
    private let surface: OpaquePointer
    private let context: OpaquePointer
    private let output: CairoOutput
    /// Advances of single characters in the current font, keyed by font size and weight.
    private var advances: [AdvanceKey: Double] = [:]
    private var font = (size: 12.0, weight: Weight.regular)

    private struct AdvanceKey: Hashable {
        var character: Character
        var size: Double
        var weight: Weight
    }

    private init(kind: Kind, surface: OpaquePointer, output: CairoOutput, operation: String) throws(RenderingError) {
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let context = cairo_create(surface) else {
            let reason = CairoCanvas.message(cairo_surface_status(surface))
            cairo_surface_destroy(surface)
            throw RenderingError(.renderingFailed, operation: operation, subject: "the page", reason: reason)
        }
        self.kind = kind
        self.surface = surface
        self.context = context
        self.output = output
        cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
    }

    deinit {
        cairo_destroy(context)
        // Destroying an unfinished surface finishes it, writing into `output`, which lives on
        // until this object's stored properties are released after `deinit`.
        cairo_surface_destroy(surface)
    }

    /// A PDF whose first page is `width`×`height` points, titled `title` in its metadata.
    static func pdf(width: Double, height: Double, title: String?) throws(RenderingError) -> CairoCanvas {
        let output = CairoOutput()
        let closure = Unmanaged.passUnretained(output).toOpaque()
        guard let surface = cairo_pdf_surface_create_for_stream(collect, closure, width, height) else {
            throw RenderingError(
                .renderingFailed, operation: "render PDF", subject: "the page", reason: "out of memory")
        }
        let canvas = try CairoCanvas(kind: .pdf, surface: surface, output: output, operation: "render PDF")
        if let title {
            cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, CairoCanvas.plain(title))
        }
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "Folio")
        return canvas
    }

    /// An SVG document `width`×`height` points large.
    static func svg(width: Double, height: Double) throws(RenderingError) -> CairoCanvas {
        let output = CairoOutput()
        let closure = Unmanaged.passUnretained(output).toOpaque()
        guard let surface = cairo_svg_surface_create_for_stream(collect, closure, width, height) else {
            throw RenderingError(
                .renderingFailed, operation: "render SVG", subject: "the page", reason: "out of memory")
        }
        cairo_svg_surface_restrict_to_version(surface, CAIRO_SVG_VERSION_1_1)
        return try CairoCanvas(kind: .svg, surface: surface, output: output, operation: "render SVG")
    }

    /// An image of `width`×`height` pixels, transparent until painted.
    static func image(width: Int, height: Int) throws(RenderingError) -> CairoCanvas {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else {
            throw RenderingError(
                .renderingFailed, operation: "render PNG", subject: "the page", reason: "out of memory")
        }
        return try CairoCanvas(kind: .image, surface: surface, output: CairoOutput(), operation: "render PNG")
    }

    // MARK: Paths and paint

    /// Sets the colour later fills and strokes use; components 0…1.
    func setColor(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        cairo_set_source_rgba(context, red, green, blue, alpha)
    }

    /// Sets the width of later strokes.
    func setLineWidth(_ width: Double) {
        cairo_set_line_width(context, width)
    }

    /// Starts a new subpath at a point.
    func move(toX x: Double, y: Double) {
        cairo_move_to(context, x, y)
    }

    /// Adds a straight segment to a point.
    func line(toX x: Double, y: Double) {
        cairo_line_to(context, x, y)
    }

    /// Adds a closed rectangle.
    func rectangle(x: Double, y: Double, width: Double, height: Double) {
        cairo_rectangle(context, x, y, width, height)
    }

    /// Adds a closed ellipse centred at (`centerX`, `centerY`) with these radii (both above 0).
    func ellipse(centerX: Double, centerY: Double, radiusX: Double, radiusY: Double) {
        cairo_save(context)
        cairo_translate(context, centerX, centerY)
        cairo_scale(context, radiusX, radiusY)
        cairo_new_sub_path(context)
        cairo_arc(context, 0, 0, 1, 0, 2 * Double.pi)
        cairo_close_path(context)
        // The path keeps the scaled shape; the line width is applied in the restored space.
        cairo_restore(context)
    }

    /// Fills the path, keeping it for a stroke.
    func fillKeepingPath() {
        cairo_fill_preserve(context)
    }

    /// Fills the whole clip region (the page).
    func paint() {
        cairo_paint(context)
    }

    /// Strokes the path, keeping it.
    func strokeKeepingPath() {
        cairo_stroke_preserve(context)
    }

    /// Forgets the current path.
    func clearPath() {
        cairo_new_path(context)
    }

    /// Scales all later drawing.
    func scale(by factor: Double) {
        cairo_scale(context, factor, factor)
    }

    // MARK: Text

    /// Selects the sans-serif face (fontconfig's choice) at `size` points.
    func setFont(size: Double, weight: Weight = .regular) {
        cairo_select_font_face(
            context, "sans-serif", CAIRO_FONT_SLANT_NORMAL,
            weight == .bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(context, size)
        font = (size, weight)
    }

    /// Draws `text` with its baseline starting at (`x`, `y`) in the current font and colour.
    func showText(_ text: String, x: Double, y: Double) {
        cairo_move_to(context, x, y)
        cairo_show_text(context, CairoCanvas.plain(text))
        cairo_new_path(context)
    }

    /// How far `text` advances in the current font. cairo's toy text API places each glyph at
    /// the previous one's advance (no kerning), so a string's advance is the sum of its
    /// characters'; each character is measured once per font.
    /// - Complexity: O(characters).
    func advance(of text: String) -> Double {
        var total = 0.0
        for character in text {
            let key = AdvanceKey(character: character, size: font.size, weight: font.weight)
            if let known = advances[key] {
                total += known
                continue
            }
            var extents = cairo_text_extents_t()
            cairo_text_extents(context, CairoCanvas.plain(String(character)), &extents)
            let width = extents.x_advance.isFinite ? extents.x_advance : 0
            advances[key] = width
            total += width
        }
        return total
    }

    /// The ascent and descent of the current font, in points.
    func fontMetrics() -> (ascent: Double, descent: Double) {
        var extents = cairo_font_extents_t()
        cairo_font_extents(context, &extents)
        return (extents.ascent, extents.descent)
    }

    // MARK: Pages and output

    /// Ends the page and starts the next one (of the same size).
    func showPage() {
        cairo_show_page(context)
    }

    /// Finishes the surface and returns its bytes: the PDF, the SVG, or the image as PNG.
    /// - Throws: ``RenderingError`` `.renderingFailed` with cairo's reason when drawing failed.
    func finish(subject: String) throws(RenderingError) -> Data {
        let operation =
            switch kind {
            case .pdf: "render PDF"
            case .svg: "render SVG"
            case .image: "render PNG"
            }
        let status = cairo_status(context)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw RenderingError(
                .renderingFailed, operation: operation, subject: subject, reason: CairoCanvas.message(status))
        }
        if kind == .image {
            cairo_surface_flush(surface)
            let closure = Unmanaged.passUnretained(output).toOpaque()
            let written = cairo_surface_write_to_png_stream(surface, collect, closure)
            guard written == CAIRO_STATUS_SUCCESS else {
                throw RenderingError(
                    .renderingFailed, operation: operation, subject: subject, reason: CairoCanvas.message(written))
            }
        } else {
            cairo_surface_finish(surface)
            let finished = cairo_surface_status(surface)
            guard finished == CAIRO_STATUS_SUCCESS else {
                throw RenderingError(
                    .renderingFailed, operation: operation, subject: subject, reason: CairoCanvas.message(finished))
            }
        }
        return output.data
    }

    /// cairo's sentence for a status.
    private static func message(_ status: cairo_status_t) -> String {
        cairo_status_to_string(status).map { String(cString: $0) } ?? "cairo failed"
    }

    /// `text` as cairo can take it: C strings end at NUL and control characters have no glyph
    /// (a space each), and cairo refuses a whole string with a noncharacter in it (U+FDD0…U+FDEF,
    /// U+FFFE, U+FFFF and their like in every plane) as "not valid UTF-8" (U+FFFD each).
    static func plain(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.unicodeScalars.map { scalar -> Unicode.Scalar in
                    if scalar.properties.generalCategory == .control { return " " }
                    if (0xFDD0...0xFDEF).contains(scalar.value) || scalar.value & 0xFFFE == 0xFFFE { return "\u{FFFD}" }
                    return scalar
                }))
    }
}

/// Where a surface's write callback puts its bytes.
private final class CairoOutput {
    var data = Data()
}

/// cairo's write callback: appends the bytes to the ``CairoOutput`` behind `closure`.
private func collect(_ closure: UnsafeMutableRawPointer?, _ bytes: UnsafePointer<UInt8>?, _ length: UInt32)
    -> cairo_status_t
{
    guard let closure else { return CAIRO_STATUS_WRITE_ERROR }
    let output = Unmanaged<CairoOutput>.fromOpaque(closure).takeUnretainedValue()
    if let bytes, length > 0 {
        output.data.append(bytes, count: Int(length))
    }
    return CAIRO_STATUS_SUCCESS
}
