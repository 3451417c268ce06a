import FolioDocuments
import FolioFiles
import FolioRendering
import FolioSandbox

/// `folio doc export NAME (--pdf|--png|--svg) PATH`: a drawing or a note drawn into a file in the Home.
enum DocumentExportCommand {
    static let name = Argument("NAME")
    static let pdf = Option("--pdf", valueName: "PATH", help: "write a PDF (a drawing's page, a note's pages) to PATH")
    static let png = Option("--png", valueName: "PATH", help: "write a PNG picture to PATH")
    static let svg = Option("--svg", valueName: "PATH", help: "write a drawing as SVG to PATH")
    static let size = Option(
        "--size", valueName: "N",
        help: "the PNG's longer side in pixels (\(DocumentRenderer.pictureSizes.lowerBound) to "
            + "\(DocumentRenderer.pictureSizes.upperBound), default \(DocumentRenderer.defaultPictureSize))"
    ) { text throws(UsageError) -> Int in
        guard let value = Int(text), DocumentRenderer.pictureSizes.contains(value) else {
            throw UsageError(
                "--size must be a number of pixels from \(DocumentRenderer.pictureSizes.lowerBound) to "
                    + "\(DocumentRenderer.pictureSizes.upperBound), not '\(text)'")
        }
        return value
    }
    static let paper = Option("--paper", valueName: "PAPER", help: "a note's paper: a4 (default) or letter") {
        text throws(UsageError) -> PageSize in
        guard let size = PageSize(paperName: text) else {
            throw UsageError("--paper must be a4 or letter, not '\(text)'")
        }
        return size
    }
    static let force = Flag("--force", help: "replace PATH if it exists")

    static let command = Command(
        "export",
        summary: "draw a drawing or a note as a PDF, PNG or SVG file in the Home",
        parameters: [name, pdf, png, svg, size, paper, force],
        discussion: """
            A drawing is drawn on its 1024×768 page as the app shows it; a note is set as text on A4 or
            Letter pages, as many as it needs (a PNG shows its first page). PATH is in the Home
            (Documents/Garden.pdf) and is not replaced unless --force is given.
            Example: folio doc export Garden --pdf Documents/Garden.pdf
            """
    ) { arguments, context in
        let targets: [(DocumentRenderer.Format, String)] = [
            arguments[pdf].map { (.pdf, $0) }, arguments[png].map { (.png, $0) }, arguments[svg].map { (.svg, $0) },
        ].compactMap { $0 }
        guard targets.count == 1, let (format, file) = targets.first else {
            throw UsageError("give one of --pdf PATH, --png PATH or --svg PATH", usage: arguments.usage)
        }
        let path = try SandboxPath(argument: file)
        let library = try context.documentLibrary()
        let snapshot = try library.read(library.document(matching: arguments[name]).name)
        var renderer = DocumentRenderer()
        if let paper = arguments[paper] {
            renderer.notes.pageSize = paper
        }
        let bytes = try renderer.render(
            snapshot, as: format, size: arguments[size] ?? DocumentRenderer.defaultPictureSize)
        let files = Files(try context.container())
        try files.write(bytes, to: path, options: arguments[force] ? WriteOptions() : .exclusive)
        let report = ExportReport(
            document: snapshot.document.name, format: format.rawValue, path: path.description, bytes: bytes.count)
        if context.wantsJSON {
            try context.printJSON(report)
        } else {
            context.output.line("wrote \(snapshot.document.name) as \(format.rawValue.uppercased()) to \(path)")
        }
    }

    struct ExportReport: Encodable {
        var document: String
        var format: String
        var path: String
        var bytes: Int
    }
}
