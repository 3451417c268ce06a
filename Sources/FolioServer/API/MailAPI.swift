import FolioCore
import FolioDocuments
import FolioFiles
import FolioHTTP
import FolioMail
import Foundation

/// `/api/documents/{name}/send`: "Send PDF via email" — the sheet's attachment, and the sending,
/// through the server set with `folio settings smtp`, as `folio doc send` sends.
struct MailAPI {
    let library: DocumentLibrary
    let files: Files
    /// Where the login may come from (`FOLIO_SMTP_USER`, `FOLIO_SMTP_PASSWORD`).
    let environment: [String: String]

    struct SendRequest: Decodable {
        var to: [String]
        var subject: String?
        var message: String?
    }

    struct Attachment: Encodable {
        var name: String
        var size: Int
    }

    struct Draft: Encodable {
        /// The PDF that is attached.
        var attachment: Attachment
        /// The subject the sheet proposes.
        var subject: String
        /// Whether a server is configured; when not, ``problem`` says how.
        var isConfigured: Bool
        var from: String?
        var problem: String?
    }

    var routes: [Route] {
        [
            Route(
                .get, "/api/documents/{name...}/send",
                summary: "The Send PDF sheet: the attachment's name and size, and whether a mail server is configured",
                cost: .slow
            ) { request in
                let snapshot = try library.read(DocumentsAPI.name(request))
                let attachment = try DocumentMail.attachment(for: snapshot)
                var draft = Draft(
                    attachment: Attachment(name: attachment.fileName, size: attachment.contents.count),
                    subject: snapshot.document.title, isConfigured: false)
                do throws(MailError) {
                    let sender = try MailSender.configured(in: files, environment: environment)
                    draft.isConfigured = sender.settings.from != nil
                    draft.from = sender.settings.from?.address
                    if sender.settings.from == nil {
                        draft.problem = "No sender is configured: set one with folio settings smtp URL --from ADDRESS."
                    }
                } catch {
                    draft.problem = error.reason
                }
                return .json(draft)
            },
            Route(
                .post, "/api/documents/{name...}/send",
                summary: "Send the document as a PDF attachment {to: [addresses], subject, message}; 502 with what "
                    + "the mail server said if it refused",
                body: .json,
                cost: .slow
            ) { request in
                let body: SendRequest = try DocumentsAPI.decode(request)
                let recipients = try body.to.map { text throws(MailError) in try MailAddress(text) }
                let snapshot = try library.read(DocumentsAPI.name(request))
                let sender = try MailSender.configured(in: files, environment: environment)
                return .json(
                    try DocumentMail(sender: sender).send(
                        snapshot, to: recipients, subject: body.subject, text: body.message))
            },
        ]
    }
}
