import FolioArchive
import FolioDocuments
import FolioSandbox
import Foundation

/// Seeds made by using the document library for real in a throwaway Home: drawings with every
/// kind of shape in both archive formats, a note, the preferences that name the current document,
/// the name-order cache and a trash record. Each is framed as `PATH\nBYTES`, its place in the
/// Home and its bytes.
enum HomeSeeds {
    static func make(bundle: String) -> [Seed] {
        let root = NSTemporaryDirectory() + "folio-fuzz-home-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: root) }
        do {
            let container = try Container(root: root, bundle: bundle)
            // A fixed clock, so that names and dates, and with them the seeds, are the same every run.
            let library = DocumentLibrary(container: container, clock: { Date(timeIntervalSince1970: 1_700_000_000) })
            let drawing = try library.createDocument(kind: .drawing)
            let style = Drawing.Style(strokeColor: Drawing.Color(red: 255, green: 0, blue: 0), lineWidth: 2.5)
            let frame = Drawing.Rect(origin: Drawing.Point(x: 1, y: 2), width: 30, height: 40)
            var shapes = Drawing(pageSize: Drawing.Size(width: 800, height: 600))
            shapes.toolSettings = Drawing.ToolSettings(
                tool: "ellipse", strokeColor: .black, fillColor: .white, isFilled: true, lineWidth: 3)
            shapes.drawables = [
                .line(Drawing.Line(from: Drawing.Point(x: 0, y: 0), to: Drawing.Point(x: 100, y: 50), style: style)),
                .rectangle(Drawing.Rectangle(frame: frame)),
                .ellipse(Drawing.Ellipse(frame: frame, style: style)),
                .freehand(Drawing.FreehandPath(points: (0..<20).map { Drawing.Point(x: Double($0), y: -0.5) })),
                .text(Drawing.Text(string: "Hello, \u{1B}[31mworld", frame: frame)),
            ]
            _ = try library.save(shapes, to: drawing.name, basedOn: drawing.version)
            let second = try library.createDocument(kind: .drawing)
            let note = try library.createDocument(kind: .note)
            _ = try library.save(text: "a note\n", to: note.name, basedOn: note.version)
            _ = try library.select(drawing.name)
            _ = try library.documents()
            _ = try library.delete(second.name)
            var seeds = harvest(root)
            // The drawing again as JSON, the archive format Folio reads besides property lists.
            let json = try Archiver(format: .json).encode(shapes)
            seeds.append(framed("Documents/drawing-json.dudeldoc", Array(json)))
            return seeds
        } catch {
            FileHandle.standardError.write(Data("folio-fuzz: the Home seeds were not made: \(error)\n".utf8))
            return []
        }
    }

    /// A seed for the file at `path` in the Home.
    static func framed(_ path: String, _ bytes: [UInt8]) -> Seed {
        Seed(name: path, bytes: Array((path + "\n").utf8) + bytes)
    }

    /// The path and contents of a framed input.
    static func unframe(_ input: [UInt8]) -> (path: String, contents: [UInt8]) {
        guard let newline = input.firstIndex(of: UInt8(ascii: "\n")) else {
            return ("Documents/fuzz.dudeldoc", input)
        }
        return (String(decoding: input[..<newline], as: UTF8.self), Array(input[(newline + 1)...]))
    }

    /// Writes `contents` at `path` in the Home at `root`, making the directories it needs.
    static func place(_ contents: [UInt8], at path: String, in root: String) throws {
        let components = path.split(separator: "/").map(String.init)
        guard !components.isEmpty, !components.contains(where: { $0 == ".." || $0 == "." }) else {
            throw HarnessError("a framed path must stay in the Home: \(path)")
        }
        let file = root + "/" + components.joined(separator: "/")
        try FileManager.default.createDirectory(
            atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        guard FileManager.default.createFile(atPath: file, contents: Data(contents)) else {
            throw HarnessError("the file \(file) cannot be written")
        }
    }

    /// Every regular file of the Home except the bundle, by path.
    private static func harvest(_ root: String) -> [Seed] {
        guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
        var seeds: [Seed] = []
        for case let relative as String in walker where !relative.hasPrefix("Folio.app") {
            var isDirectory: ObjCBool = false
            let path = root + "/" + relative
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
                let data = FileManager.default.contents(atPath: path)
            else { continue }
            seeds.append(framed(relative, Array(data)))
        }
        return seeds.sorted { $0.name < $1.name }
    }
}
