import FolioMail
import Foundation
import Testing

@Suite struct MailMessageTests {
    static func message(subject: String = "Garden", fileName: String = "Garden.pdf") throws -> MailMessage {
        try MailMessage(
            from: MailAddress("me@folio.test"), to: [MailAddress("bob@example.com")], subject: subject,
            text: "Line one\nLine two",
            attachments: [.init(fileName: fileName, mediaType: "application/pdf", contents: Data("%PDF-1.5".utf8))],
            date: Date(timeIntervalSince1970: 1_800_000_000), messageID: "one@folio.test")
    }

    @Test func everyLineEndsInCRLFAndTheHeadersAreThere() throws {
        let text = String(decoding: try Self.message().mime(), as: UTF8.self)
        #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
        #expect(
            text.hasPrefix("Date: Fri, 15 Jan 2027 08:00:00 +0000\r\nFrom: me@folio.test\r\nTo: bob@example.com\r\n"))
        #expect(text.contains("\r\nSubject: Garden\r\n"))
        #expect(text.contains("\r\nMessage-ID: <one@folio.test>\r\n"))
        #expect(text.contains("Content-Type: multipart/mixed; boundary="))
        #expect(text.contains("Content-Disposition: attachment; filename=\"Garden.pdf\"\r\n"))
        #expect(text.contains(Data("%PDF-1.5".utf8).base64EncodedString()))
    }

    @Test func aSubjectThatIsNotASCIIIsEncodedWords() throws {
        let text = String(decoding: try Self.message(subject: "Grüße", fileName: "Gärten.pdf").mime(), as: UTF8.self)
        let encoded = "=?utf-8?B?" + Data("Grüße".utf8).base64EncodedString() + "?="
        #expect(text.contains("\r\nSubject: \(encoded)\r\n"))
        #expect(text.contains("filename*=utf-8''G%C3%A4rten.pdf"))
        #expect(text.allSatisfy { $0.isASCII })
    }

    @Test(arguments: ["Hi\r\nBcc: eve@example.com", "Hi\nThere", "tab\there", "nul\u{0}"])
    func aSubjectWithAControlCharacterIsRefused(_ subject: String) throws {
        let error = #expect(throws: MailError.self) { try Self.message(subject: subject) }
        #expect(error?.code == .invalidHeader)
    }

    @Test(arguments: ["a\r\n.pdf", "a\".pdf\r\nX-Evil: 1"])
    func aFileNameWithALineBreakIsRefused(_ name: String) throws {
        let error = #expect(throws: MailError.self) { try Self.message(fileName: name) }
        #expect(error?.code == .invalidHeader)
    }

    @Test(arguments: [
        "", "bob", "bob@", "@example.com", "bob@@example.com", "bob smith@example.com", "bob@example.com\r\n",
        "<bob@example.com>", "bob@example.com,eve@example.com", "bob@-example.com", ".bob@example.com",
        "bob@example..com",
    ])
    func anAddressThatIsNotOneIsRefused(_ text: String) {
        let error = #expect(throws: MailError.self) { try MailAddress(text) }
        #expect(error?.code == .invalidAddress)
    }

    @Test(arguments: ["bob@example.com", "first.last+tag@mail.example.org", "root@[127.0.0.1]", "jörg@bücher.de"])
    func anAddressIsKeptAsGiven(_ text: String) throws {
        #expect(try MailAddress(text).address == text)
    }
}
