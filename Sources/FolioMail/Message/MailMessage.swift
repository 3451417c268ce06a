import FolioCore
import Foundation

/// An email: sender, recipients, subject, a text part and attachments, written as a MIME
/// message (RFC 5322 and 2045–2047) by ``mime()``.
///
/// Every header is checked when the message is made: a subject or a file name with a line
/// break or another control character is refused (`.invalidHeader`), so nothing a user types can
/// add a header. A subject that is not ASCII is sent as RFC 2047 encoded words, an attachment's
/// name as RFC 2231 `filename*`, the text as UTF-8 in base64, and the
/// attachments in base64 lines of 76 characters; every line ends in CRLF.
///
/// ```swift
/// let message = try MailMessage(
///     from: MailAddress("me@example.com"), to: [MailAddress("bob@example.com")],
///     subject: "Garden", text: "The drawing, as a PDF.",
///     attachments: [.init(fileName: "Garden.pdf", mediaType: "application/pdf", contents: pdf)])
/// let bytes = message.mime()
/// ```
public struct MailMessage: Sendable, Hashable {
    /// A file sent with the message.
    public struct Attachment: Sendable, Hashable {
        /// The file's name as the recipient sees it.
        public var fileName: String
        /// Its media type, e.g. `application/pdf`.
        public var mediaType: String
        /// Its bytes.
        public var contents: Data

        /// An attachment.
        public init(fileName: String, mediaType: String, contents: Data) {
            self.fileName = fileName
            self.mediaType = mediaType
            self.contents = contents
        }
    }

    /// The sender (`From:` and the SMTP `MAIL FROM`).
    public var from: MailAddress
    /// The recipients (`To:` and one SMTP `RCPT TO` each).
    public var to: [MailAddress]
    /// The subject.
    public var subject: String
    /// The text part.
    public var text: String
    /// The attached files.
    public var attachments: [Attachment]
    /// The `Date:`.
    public var date: Date
    /// The `Message-ID:` without its angle brackets: unique, at the sender's domain.
    public var messageID: String

    /// A message, checked.
    /// - Throws: ``MailError`` `.invalidAddress` without recipients, `.invalidHeader` for a
    ///   subject, file name or media type that cannot be a header.
    public init(
        from: MailAddress, to: [MailAddress], subject: String, text: String, attachments: [Attachment] = [],
        date: Date = Date(), messageID: String? = nil
    ) throws(MailError) {
        guard !to.isEmpty else {
            throw MailError(
                .invalidAddress, operation: "compose", subject: subject, reason: "a message needs a recipient")
        }
        try MailMessage.checkHeader(subject, named: "subject")
        for attachment in attachments {
            try MailMessage.checkHeader(attachment.fileName, named: "file name")
            guard
                attachment.mediaType.unicodeScalars.allSatisfy({
                    $0.isASCII
                        && ($0.properties.isAlphabetic || ("0"..."9").contains($0)
                            || "/+-.".unicodeScalars.contains($0))
                })
            else {
                throw MailError(
                    .invalidHeader, operation: "compose", subject: UntrustedText.escaped(attachment.mediaType),
                    reason: "a media type is TYPE/SUBTYPE")
            }
        }
        self.from = from
        self.to = to
        self.subject = subject
        self.text = text
        self.attachments = attachments
        self.date = date
        let domain = from.address.split(separator: "@").last.map(String.init) ?? "folio.invalid"
        self.messageID = messageID ?? "\(UUID().uuidString.lowercased())@\(domain)"
    }

    /// Refuses header text with a line break or another control character.
    static func checkHeader(_ text: String, named name: String) throws(MailError) {
        guard text.utf8.count <= 998 else {
            throw MailError(
                .invalidHeader, operation: "compose", subject: UntrustedText.escaped(String(text.prefix(60))) + "…",
                reason: "a \(name) has at most 998 bytes")
        }
        if text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw MailError(
                .invalidHeader, operation: "compose", subject: UntrustedText.escaped(text),
                reason: "a \(name) is one line, without control characters")
        }
    }
}
