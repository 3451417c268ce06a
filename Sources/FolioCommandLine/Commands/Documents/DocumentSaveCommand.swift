import FolioCore
import FolioDocuments
import Foundation

/// `folio doc save`: save standard input into a document, only if it is unchanged since a version.
enum DocumentSaveCommand {
    static let name = Argument("NAME")
    static let basedOn = RequiredOption(
        "--based-on", valueName: "VERSION", help: "the version read with 'folio doc show --json' (required)"
    ) { text throws(UsageError) -> DocumentVersion in
        guard let version = DocumentVersion(text) else {
            throw UsageError("'\(text)' is not a document version")
        }
        return version
    }

    static let command = Command(
        "save",
        summary: "save standard input into a document, failing if it changed since --based-on",
        parameters: [name, basedOn],
        discussion: """
            A note or other document gets standard input as it is; a drawing takes a drawing in JSON, as
            'folio doc show --json' prints it under "drawing". If the document changed since VERSION (another
            program, another folio), nothing is written and the exit status is 1.
            """
    ) { arguments, context in
        let version = arguments[basedOn]
        let library = try context.documentLibrary()
        let name = try library.document(matching: arguments[name]).name
        var input = Data()
        try context.input.forEachChunk { input.append(contentsOf: $0) }
        let saved: Document
        if library.kind(ofDocumentNamed: name) == .drawing {
            let drawing: Drawing
            do {
                drawing = try JSONDecoder().decode(Drawing.self, from: input)
            } catch {
                throw CommandFailure("standard input is not a drawing in JSON: \(CodingProblem.describe(error))")
            }
            saved = try library.save(drawing, to: name, basedOn: version)
        } else {
            saved = try library.save(input, to: name, basedOn: version)
        }
        if context.wantsJSON {
            try context.printJSON(saved)
        } else {
            context.output.line("Saved \(saved.name) (version \(saved.version))")
        }
    }
}
