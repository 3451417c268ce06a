import FolioFiles
import FolioMail

/// `folio doc send NAME --to ADDRESS… [--subject S] [--message TEXT]`: Dudel's "Send PDF via email".
enum DocumentSendCommand {
    static let name = Argument("NAME")
    static let to = RepeatedOption("--to", valueName: "ADDRESS", help: "a recipient (required; repeat for more)")
    static let subject = Option("--subject", valueName: "S", help: "the subject (default: the document's title)")
    static let message = Option("--message", valueName: "TEXT", help: "the text of the message")

    static let command = Command(
        "send",
        summary: "send a drawing or a note as a PDF attachment by email",
        parameters: [name, to, subject, message],
        discussion: """
            The document is drawn as a PDF (as 'folio doc export --pdf' draws it) and sent through the
            server set with 'folio settings smtp'. An error from the server is shown as it said it.
            Example: folio doc send Garden --to bob@example.com --subject "The garden plan"
            """
    ) { arguments, context in
        let recipients = arguments[to]
        guard !recipients.isEmpty else {
            throw UsageError("give a recipient with --to ADDRESS", usage: arguments.usage)
        }
        let addresses = try recipients.map { text throws(MailError) in try MailAddress(text) }
        let library = try context.documentLibrary()
        let snapshot = try library.read(library.document(matching: arguments[name]).name)
        let sender = try MailSender.configured(in: Files(try context.container()), environment: context.environment)
        let receipt = try DocumentMail(sender: sender).send(
            snapshot, to: addresses, subject: arguments[subject], text: arguments[message])
        if context.wantsJSON {
            try context.printJSON(receipt)
        } else {
            context.output.line(
                "sent \(snapshot.document.title).pdf to \(receipt.recipients.joined(separator: ", "))")
        }
    }
}
