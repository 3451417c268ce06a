import Foundation

extension SampleContent {
    /// A sample note.
    struct Note: Sendable {
        var title: String
        var text: String
    }

    /// A sample drawing.
    struct Sketch: Sendable {
        var title: String
        var drawing: Drawing
    }

    /// The sample notes, the first of which becomes the current document.
    static let notes = [
        Note(
            title: "Welcome",
            text: """
                Welcome to Folio.

                This note is a document in Documents/, the folder of your Home container. Edit it here \
                and press Save: Folio saves only if nobody changed it meanwhile, so two windows never \
                overwrite each other.

                The ⋯ Actions menu makes new drawings and notes, renames and deletes the current \
                document (deleted documents wait in Recently Deleted) and shows App Info.

                Files shows the whole container — Documents, Library, tmp and the read-only Folio.app \
                bundle — with every attribute of every file. Data opens the SQLite databases and table \
                files, such as Library/Database/financial.db and simpsons.csv. tmp/file.html opens in a \
                sandboxed web view.

                """),
        Note(
            title: "Shopping List",
            text: """
                1 Bread
                2 Tomatoes
                3 Coffee beans
                4 A new notebook
                5 Batteries for the GPS

                """),
    ]

    /// The sample drawings, on a 1024 × 768 page.
    static let drawings = [
        Sketch(title: "House", drawing: house),
        Sketch(title: "Garden", drawing: garden),
    ]

    private static func color(_ hex: String) -> Drawing.Color {
        Drawing.Color(hex: hex) ?? .black
    }

    private static func point(_ x: Double, _ y: Double) -> Drawing.Point {
        Drawing.Point(x: x, y: y)
    }

    private static func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> Drawing.Rect {
        Drawing.Rect(origin: point(x, y), width: width, height: height)
    }

    private static func style(stroke: String?, fill: String? = nil, width: Double = 4) -> Drawing.Style {
        Drawing.Style(strokeColor: stroke.map(color), fillColor: fill.map(color), lineWidth: width)
    }

    private static let house = Drawing(drawables: [
        .rectangle(Drawing.Rectangle(frame: rect(0, 560, 1024, 208), style: style(stroke: nil, fill: "#8fcf6a"))),
        .ellipse(Drawing.Ellipse(frame: rect(790, 60, 140, 140), style: style(stroke: "#e8a500", fill: "#ffd23f"))),
        .rectangle(
            Drawing.Rectangle(frame: rect(300, 340, 360, 260), style: style(stroke: "#5a3b1c", fill: "#f3e1c0"))),
        .line(Drawing.Line(from: point(270, 350), to: point(480, 180), style: style(stroke: "#b03a2e", width: 8))),
        .line(Drawing.Line(from: point(480, 180), to: point(690, 350), style: style(stroke: "#b03a2e", width: 8))),
        .rectangle(Drawing.Rectangle(frame: rect(445, 460, 70, 140), style: style(stroke: "#5a3b1c", fill: "#a0522d"))),
        .rectangle(Drawing.Rectangle(frame: rect(340, 400, 70, 60), style: style(stroke: "#5a3b1c", fill: "#bfe3ff"))),
        .rectangle(Drawing.Rectangle(frame: rect(550, 400, 70, 60), style: style(stroke: "#5a3b1c", fill: "#bfe3ff"))),
        .text(
            Drawing.Text(
                string: "Home", frame: rect(420, 640, 200, 60), fontSize: 44,
                style: style(stroke: nil, fill: "#2d2d2d"))),
    ])

    private static let garden = Drawing(drawables: [
        .freehand(
            Drawing.FreehandPath(
                points: stride(from: 0.0, through: 1024, by: 32).map { x in
                    point(x, 600 + 18 * sin(x / 60))
                }, style: style(stroke: "#3d8b37", width: 10))),
        .line(Drawing.Line(from: point(250, 600), to: point(250, 380), style: style(stroke: "#3d8b37", width: 6))),
        .ellipse(Drawing.Ellipse(frame: rect(195, 300, 110, 110), style: style(stroke: "#c2185b", fill: "#f48fb1"))),
        .ellipse(Drawing.Ellipse(frame: rect(230, 335, 40, 40), style: style(stroke: nil, fill: "#ffeb3b"))),
        .line(Drawing.Line(from: point(520, 610), to: point(520, 430), style: style(stroke: "#3d8b37", width: 6))),
        .ellipse(Drawing.Ellipse(frame: rect(470, 350, 100, 100), style: style(stroke: "#1565c0", fill: "#90caf9"))),
        .ellipse(Drawing.Ellipse(frame: rect(502, 382, 36, 36), style: style(stroke: nil, fill: "#fff59d"))),
        .line(Drawing.Line(from: point(780, 605), to: point(780, 400), style: style(stroke: "#3d8b37", width: 6))),
        .ellipse(Drawing.Ellipse(frame: rect(725, 310, 110, 110), style: style(stroke: "#ef6c00", fill: "#ffcc80"))),
        .ellipse(Drawing.Ellipse(frame: rect(760, 345, 40, 40), style: style(stroke: nil, fill: "#6d4c41"))),
        .text(
            Drawing.Text(
                string: "My garden", frame: rect(60, 80, 400, 70), fontSize: 52,
                style: style(stroke: nil, fill: "#33691e"))),
    ])
}
