import CCurl
import Foundation

/// One SMTP delivery through libcurl: the one place FolioMail calls libcurl.
///
/// The message is uploaded from memory by a read callback; libcurl speaks the protocol (EHLO,
/// STARTTLS, AUTH, MAIL FROM, RCPT TO, DATA with dot-stuffing). Its conversation is watched
/// through the debug callback only to keep the server's last reply, so an error says what the
/// server said; the login is never part of what is kept.
enum CurlSMTP {
    /// How a delivery went wrong.
    struct Failure: Error {
        /// libcurl's code, e.g. `CURLE_COULDNT_CONNECT`.
        var curlCode: Int
        /// libcurl's sentence for it and its error buffer.
        var message: String
        /// The server's last reply, e.g. `550 5.1.1 No such user`.
        var serverReply: String?
        /// Whether the server answered at all (false: it could not be reached).
        var serverAnswered: Bool
    }

    /// What a delivery needs.
    struct Request {
        var url: String
        var from: String
        var recipients: [String]
        var message: Data
        var user: String?
        var password: String?
        /// STARTTLS is required (`smtp://` to another machine); otherwise tried when offered.
        var requiresTLS: Bool
        var timeoutSeconds: Int = 60
        /// A file of CA certificates to trust instead of the system's (tests).
        var certificateAuthorities: String?
    }

    /// libcurl's global state, set up once.
    private static let started: Bool = folio_curl_global_init() == CURLE_OK

    /// Delivers the request's message to its recipients.
    /// - Returns: the server's last reply (to the end of DATA).
    static func send(_ request: Request) throws(Failure) -> String? {
        guard started, let handle = curl_easy_init() else {
            throw Failure(curlCode: -1, message: "libcurl could not start", serverReply: nil, serverAnswered: false)
        }
        defer { curl_easy_cleanup(handle) }
        let upload = Upload(request.message)
        let conversation = Conversation()
        var recipients: UnsafeMutablePointer<curl_slist>?
        for recipient in request.recipients {
            recipients = curl_slist_append(recipients, "<\(recipient)>")
        }
        defer { curl_slist_free_all(recipients) }
        var errorBuffer = [CChar](repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        let code = errorBuffer.withUnsafeMutableBufferPointer { buffer -> CURLcode in
            var status = CURLE_OK
            func set(_ result: CURLcode) {
                if status == CURLE_OK { status = result }
            }
            set(folio_curl_set_string(handle, CURLOPT_URL, request.url))
            set(folio_curl_set_string(handle, CURLOPT_PROTOCOLS_STR, "smtp,smtps"))
            set(folio_curl_set_string(handle, CURLOPT_MAIL_FROM, "<\(request.from)>"))
            set(folio_curl_set_list(handle, CURLOPT_MAIL_RCPT, recipients))
            set(folio_curl_set_long(handle, CURLOPT_UPLOAD, 1))
            set(folio_curl_set_long(handle, CURLOPT_INFILESIZE, Int(request.message.count)))
            set(folio_curl_set_long(handle, CURLOPT_NOSIGNAL, 1))
            set(folio_curl_set_long(handle, CURLOPT_CONNECTTIMEOUT, 15))
            set(folio_curl_set_long(handle, CURLOPT_TIMEOUT, request.timeoutSeconds))
            let tls = request.requiresTLS ? CURLUSESSL_ALL : CURLUSESSL_TRY
            set(folio_curl_set_long(handle, CURLOPT_USE_SSL, Int(tls.rawValue)))
            if let authorities = request.certificateAuthorities {
                set(folio_curl_set_string(handle, CURLOPT_CAINFO, authorities))
            }
            if let user = request.user, let password = request.password {
                set(folio_curl_set_string(handle, CURLOPT_USERNAME, user))
                set(folio_curl_set_string(handle, CURLOPT_PASSWORD, password))
            }
            set(folio_curl_set_pointer(handle, CURLOPT_ERRORBUFFER, buffer.baseAddress))
            set(
                folio_curl_set_read(
                    handle, readUpload, Unmanaged.passUnretained(upload).toOpaque()))
            set(folio_curl_set_debug(handle, watchConversation, Unmanaged.passUnretained(conversation).toOpaque()))
            set(folio_curl_set_long(handle, CURLOPT_VERBOSE, 1))
            guard status == CURLE_OK else { return status }
            return curl_easy_perform(handle)
        }
        withExtendedLifetime((upload, conversation)) {}
        guard code == CURLE_OK else {
            let detail = String(decoding: errorBuffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let summary = curl_easy_strerror(code).map { String(cString: $0) } ?? "libcurl failed"
            throw Failure(
                curlCode: Int(code.rawValue), message: detail.isEmpty ? summary : detail,
                serverReply: conversation.refusal ?? conversation.lastReply,
                serverAnswered: conversation.lastReply != nil)
        }
        return conversation.lastReply
    }
}

/// The message, handed to libcurl in pieces.
private final class Upload {
    let bytes: [UInt8]
    var offset = 0
    init(_ data: Data) { bytes = Array(data) }
}

/// The server's replies, as the debug callback sees them.
private final class Conversation {
    /// The last complete reply (the last line of a multi-line one), without its line break.
    var lastReply: String?
    /// The first reply that refused something (4xx or 5xx): what the server said went wrong.
    var refusal: String?
}

/// libcurl's read callback: copies the next bytes of the ``Upload`` behind `context`.
private func readUpload(
    _ buffer: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ context: UnsafeMutableRawPointer?
)
    -> Int
{
    guard let buffer, let context else { return 0 }
    let upload = Unmanaged<Upload>.fromOpaque(context).takeUnretainedValue()
    let room = size * count
    let length = min(room, upload.bytes.count - upload.offset)
    guard length > 0 else { return 0 }
    upload.bytes.withUnsafeBufferPointer { source in
        guard let base = source.baseAddress else { return }
        UnsafeMutableRawPointer(buffer).copyMemory(from: base + upload.offset, byteCount: length)
    }
    upload.offset += length
    return length
}

/// libcurl's debug callback: keeps the server's replies (`CURLINFO_HEADER_IN`), nothing else —
/// what Folio sends, the login included, is never looked at.
private func watchConversation(
    _ handle: UnsafeMutableRawPointer?, _ type: curl_infotype, _ data: UnsafeMutablePointer<CChar>?, _ size: Int,
    _ context: UnsafeMutableRawPointer?
) -> Int32 {
    guard type == CURLINFO_HEADER_IN, let data, let context, size > 0 else { return 0 }
    let conversation = Unmanaged<Conversation>.fromOpaque(context).takeUnretainedValue()
    let bytes = UnsafeRawBufferPointer(start: data, count: min(size, 4096))
    let text = String(decoding: bytes, as: UTF8.self)
    for line in text.split(whereSeparator: \.isNewline) {
        let reply = String(line).trimmingCharacters(in: .whitespaces)
        guard !reply.isEmpty else { continue }
        conversation.lastReply = String(reply.prefix(512))
        if conversation.refusal == nil, let first = reply.first, first == "4" || first == "5" {
            conversation.refusal = conversation.lastReply
        }
    }
    return 0
}
