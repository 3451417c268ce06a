import Foundation

/// poppler-utils, the reference reader of the PDFs Folio writes: `pdfinfo` for pages and page
/// size, `pdftotext` for the text, `pdftoppm` for the pixels a viewer shows.
public enum Poppler {
    /// What `pdfinfo` says of the PDF at `path`, field by field (`Pages`, `Page size`, `Title`).
    public static func info(_ path: String) throws -> [String: String] {
        let run = try Subprocess.run("pdfinfo", [path])
        guard run.status == 0 else { throw PopplerFailure("pdfinfo \(path): \(run.error)") }
        var fields: [String: String] = [:]
        for line in run.output.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return fields
    }

    /// The text of pages `first` through `last` (all by default), as `pdftotext` reads it.
    public static func text(_ path: String, first: Int? = nil, last: Int? = nil) throws -> String {
        var arguments: [String] = []
        if let first { arguments += ["-f", String(first)] }
        if let last { arguments += ["-l", String(last)] }
        let run = try Subprocess.run("pdftotext", arguments + [path, "-"])
        guard run.status == 0 else { throw PopplerFailure("pdftotext \(path): \(run.error)") }
        return run.output
    }

    /// Page `page` of the PDF at `path` rendered by `pdftoppm -png` at `resolution` pixels an
    /// inch (72: one pixel a point), decoded.
    public static func render(_ path: String, page: Int = 1, resolution: Int = 72) throws -> Raster {
        let directory = TemporaryDirectory(prefix: "folio-pdftoppm")
        let prefix = directory.appending("page")
        let run = try Subprocess.run(
            "pdftoppm",
            ["-png", "-r", String(resolution), "-f", String(page), "-l", String(page), "-singlefile", path, prefix])
        guard run.status == 0 else { throw PopplerFailure("pdftoppm \(path): \(run.error)") }
        return try Raster(png: Data(contentsOf: URL(fileURLWithPath: prefix + ".png")))
    }
}

/// A reference tool failed.
public struct PopplerFailure: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
