import FolioDocuments
import Foundation

/// `folio doc show`: a document's contents and version.
enum DocumentShowCommand {
    static let name = Argument("NAME")

    static let command = Command(
        "show",
        summary: "print a document: a note's text, a drawing's shapes, with its version in --json",
        parameters: [name],
        discussion: "With --json the output has the document (with its version, for 'folio doc save "
            + "--based-on') and its contents: 'text' for a note, 'drawing' for a drawing, 'base64' otherwise."
    ) { arguments, context in
        let library = try context.documentLibrary()
        let snapshot = try library.read(library.document(matching: arguments[name]).name)
        var report = ShowReport(document: snapshot.document)
        switch snapshot.document.kind {
        case .drawing: report.drawing = try snapshot.drawing()
        case .note: report.text = try snapshot.text()
        default: report.base64 = snapshot.contents.base64EncodedString()
        }
        if context.wantsJSON {
            try context.printJSON(report)
        } else if let drawing = report.drawing {
            let count = drawing.drawables.count
            context.output.line(
                "\(snapshot.document.name): \(count) \(count == 1 ? "shape" : "shapes")")
            for drawable in drawing.drawables {
                context.output.line("  " + describe(drawable))
            }
        } else {
            context.output.write(bytes: snapshot.contents)
        }
    }

    struct ShowReport: Encodable {
        var document: Document
        var text: String?
        var drawing: Drawing?
        var base64: String?
    }

    static func describe(_ drawable: Drawable) -> String {
        func point(_ point: Drawing.Point) -> String { "(\(number(point.x)), \(number(point.y)))" }
        func rect(_ rect: Drawing.Rect) -> String {
            "\(point(rect.origin)) \(number(rect.width))×\(number(rect.height))"
        }
        let style = drawable.style
        let paint =
            [style.strokeColor.map { "stroke \($0)" }, style.fillColor.map { "fill \($0)" }].compactMap { $0 }
            + ["width \(number(style.lineWidth))"]
        let shape: String
        switch drawable {
        case .line(let line): shape = "line \(point(line.from)) → \(point(line.to))"
        case .rectangle(let rectangle): shape = "rectangle \(rect(rectangle.frame))"
        case .ellipse(let ellipse): shape = "ellipse \(rect(ellipse.frame))"
        case .freehand(let path): shape = "freehand path of \(path.points.count) points"
        case .text(let text): shape = "text \"\(text.string)\" at \(rect(text.frame))"
        }
        return shape + ", " + paint.joined(separator: ", ")
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
