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
    static let keepBoth = Flag(
        "--keep-both", help: "if it changed since VERSION, save as a new document beside it (Notes 2.txt)")

    static let command = Command(
        "save",
        summary: "save standard input into a document, failing if it changed since --based-on",
        parameters: [name, basedOn, keepBoth],
        discussion: """
            A note or other document gets standard input as it is; a drawing takes a drawing in JSON, as
            'folio doc show --json' prints it under "drawing". If the document changed since VERSION (another
            program, another folio), nothing is written and the exit status is 1 — unless --keep-both is given:
            then the input is saved as a new document beside it, with the next free number ("Notes 2.txt"), and
            both versions are kept.
            """
    ) { arguments, context in
        let version = arguments[basedOn]
        let library = try context.documentLibrary()
        let name = try library.document(matching: arguments[name]).name
        var input = Data()
        try context.input.forEachChunk { input.append(contentsOf: $0) }
        let contents: DocumentContents
        let document = try library.document(named: name)
        if document.kind == .drawing {
            do {
                contents = .drawing(try JSONDecoder().decode(Drawing.self, from: input))
            } catch {
                throw CommandFailure("standard input is not a drawing in JSON: \(CodingProblem.describe(error))")
            }
        } else {
            contents = .bytes(input)
        }
        guard arguments[keepBoth] else {
            let saved = try library.save(contents, to: document, basedOn: version)
            if context.wantsJSON {
                try context.printJSON(saved)
            } else {
                context.output.line("Saved \(saved.name) (version \(saved.version))")
            }
            return
        }
        let outcome = try library.saveKeepingBoth(contents, to: document, basedOn: version)
        if context.wantsJSON {
            try context.printJSON(outcome.document)
        } else if outcome.keptBoth {
            context.output.line(
                "\(name) changed since version \(version); saved as \(outcome.document.name) "
                    + "(version \(outcome.document.version)), both kept")
        } else {
            context.output.line("Saved \(outcome.document.name) (version \(outcome.document.version))")
        }
    }
}
