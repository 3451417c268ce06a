import FolioDocuments
import FolioRendering
import Foundation

/// "Send PDF via email": a document drawn as a PDF by ``DocumentRenderer`` and sent as the
/// attachment of a message — the one rule `folio doc send` and the web app's sheet follow.
///
/// ```swift
/// let mail = DocumentMail(sender: try MailSender.configured(in: files, environment: environment))
/// let receipt = try mail.send(snapshot, to: [MailAddress("bob@example.com")], subject: nil, text: nil)
/// ```
public struct DocumentMail: Sendable {
    /// Who sends.
    public let sender: MailSender
    /// What draws the PDF.
    public var renderer = DocumentRenderer()

    /// Sending through `sender`.
    public init(sender: MailSender) {
        self.sender = sender
    }

    /// The PDF attachment of the document in `snapshot`: `TITLE.pdf`.
    /// - Throws: ``RenderingError`` for a document that is not drawn as a PDF.
    public static func attachment(
        for snapshot: DocumentSnapshot, renderer: DocumentRenderer = DocumentRenderer()
    ) throws(RenderingError) -> MailMessage.Attachment {
        MailMessage.Attachment(
            fileName: snapshot.document.title + ".pdf", mediaType: DocumentRenderer.Format.pdf.mediaType,
            contents: try renderer.render(snapshot, as: .pdf))
    }

    /// Sends the document in `snapshot` as a PDF to `recipients`; the subject is the document's
    /// title unless one is given.
    /// - Throws: ``RenderingError`` when the PDF cannot be drawn; ``MailError`` when the
    ///   message cannot be composed (`.notConfigured` without a sender) or sent.
    public func send(_ snapshot: DocumentSnapshot, to recipients: [MailAddress], subject: String?, text: String?)
        throws -> MailReceipt
    {
        guard let from = sender.settings.from else {
            throw MailError(
                .notConfigured, operation: "send", subject: sender.settings.server,
                reason:
                    "no sender is configured: set one with folio settings smtp \(sender.settings.server) --from ADDRESS"
            )
        }
        let attachment = try DocumentMail.attachment(for: snapshot, renderer: renderer)
        let message = try MailMessage(
            from: from, to: recipients, subject: subject ?? snapshot.document.title,
            text: text ?? "\(attachment.fileName) is attached.", attachments: [attachment])
        return try sender.send(message)
    }
}
