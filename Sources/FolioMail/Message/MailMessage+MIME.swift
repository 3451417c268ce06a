import Foundation

extension MailMessage {
    /// The message as MIME: headers, then a `multipart/mixed` body of the text part and each
    /// attachment (a lone `text/plain` body without attachments). Lines end in CRLF.
    /// - Complexity: O(bytes of the text and the attachments).
    public func mime() -> Data {
        var headers = [
            "Date: " + MailMessage.rfc5322Date(date),
            "From: " + from.address,
            "To: " + to.map(\.address).joined(separator: ",\r\n "),
            "Subject: " + MailMessage.encodedWords(subject),
            "Message-ID: <\(messageID)>",
            "MIME-Version: 1.0",
            "User-Agent: Folio",
        ]
        var body = ""
        let textPart = [
            "Content-Type: text/plain; charset=utf-8",
            "Content-Transfer-Encoding: base64",
            "",
            MailMessage.base64Lines(Data(MailMessage.crlf(text).utf8)),
        ]
        if attachments.isEmpty {
            headers += textPart.prefix(2)
            body = textPart.dropFirst(3).joined(separator: "\r\n")
        } else {
            let boundary = "folio-" + UUID().uuidString
            headers.append("Content-Type: multipart/mixed; boundary=\"\(boundary)\"")
            var parts = ["This is a message in MIME format.", "--" + boundary] + textPart
            for attachment in attachments {
                parts += [
                    "--" + boundary,
                    "Content-Type: \(attachment.mediaType); name=\"\(MailMessage.asciiName(attachment.fileName))\"",
                    "Content-Disposition: attachment; "
                        + MailMessage.fileNameParameter(attachment.fileName),
                    "Content-Transfer-Encoding: base64",
                    "",
                    MailMessage.base64Lines(attachment.contents),
                ]
            }
            parts.append("--" + boundary + "--")
            body = parts.joined(separator: "\r\n")
        }
        return Data((headers.joined(separator: "\r\n") + "\r\n\r\n" + body + "\r\n").utf8)
    }

    /// `date` as RFC 5322 writes it, in UTC: `Wed, 02 Dec 2026 01:30:00 +0000`.
    static func rfc5322Date(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss '+0000'"
        return formatter.string(from: date)
    }

    /// A header's text: as it is when it is printable ASCII, else RFC 2047 encoded words
    /// (`=?utf-8?B?…?=`), each at most 75 characters and split between characters.
    static func encodedWords(_ text: String) -> String {
        if text.unicodeScalars.allSatisfy({ $0.isASCII && $0.value >= 0x20 && $0.value < 0x7F }) {
            return text
        }
        var words: [String] = []
        var chunk = Data()
        // 45 bytes of UTF-8 are 60 characters of base64: a word of 72 with its `=?utf-8?B?` and `?=`.
        for character in text {
            let bytes = Data(String(character).utf8)
            if chunk.count + bytes.count > 45 {
                words.append("=?utf-8?B?" + chunk.base64EncodedString() + "?=")
                chunk = Data()
            }
            chunk += bytes
        }
        if !chunk.isEmpty {
            words.append("=?utf-8?B?" + chunk.base64EncodedString() + "?=")
        }
        return words.joined(separator: "\r\n ")
    }

    /// The `filename` parameters of `Content-Disposition`: ASCII for old readers, and RFC 2231's
    /// `filename*` in UTF-8 when the name is not plain ASCII.
    static func fileNameParameter(_ name: String) -> String {
        let ascii = asciiName(name)
        guard ascii != name else { return "filename=\"\(ascii)\"" }
        let allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
        let encoded = name.addingPercentEncoding(withAllowedCharacters: allowed) ?? ascii
        return "filename=\"\(ascii)\"; filename*=utf-8''\(encoded)"
    }

    /// `name` with every character that cannot stand in a quoted ASCII parameter as `_`.
    static func asciiName(_ name: String) -> String {
        String(
            String.UnicodeScalarView(
                name.unicodeScalars.map { $0.isASCII && $0.value >= 0x20 && $0 != "\"" && $0 != "\\" ? $0 : "_" }))
    }

    /// Base64 in lines of 76 characters joined by CRLF.
    static func base64Lines(_ data: Data) -> String {
        data.base64EncodedString(options: [.lineLength76Characters, .endLineWithCarriageReturn, .endLineWithLineFeed])
    }

    /// `text` with every line break as CRLF.
    static func crlf(_ text: String) -> String {
        text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).joined(separator: "\r\n")
    }
}
