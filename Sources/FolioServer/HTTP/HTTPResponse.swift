import FolioSystem
import Foundation

/// A response to send.
public struct HTTPResponse: Sendable {
    /// Where the body comes from.
    public enum Body: Sendable {
        /// No body.
        case empty
        /// Bytes in memory.
        case bytes(Data)
        /// A range of an open file, sent by the kernel (`sendfile`) without passing through memory.
        case file(OpenedFile, offset: UInt64, length: UInt64)
        /// A stream of server-sent events that stays open.
        case events(EventSubscription)
    }

    /// The status code.
    public var status: Int
    /// The header fields.
    public var headers: HTTPHeaders
    /// The body.
    public var body: Body

    public init(status: Int = 200, headers: HTTPHeaders = HTTPHeaders(), body: Body = .empty) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A response with `text` as its body and the given media type.
    public static func text(_ text: String, status: Int = 200, contentType: String = "text/plain; charset=utf-8")
        -> HTTPResponse
    {
        var headers = HTTPHeaders()
        headers.set("Content-Type", contentType)
        return HTTPResponse(status: status, headers: headers, body: .bytes(Data(text.utf8)))
    }

    /// A response whose body is `value` encoded as JSON.
    public static func json<Value: Encodable>(_ value: Value, status: Int = 200) -> HTTPResponse {
        var headers = HTTPHeaders()
        headers.set("Content-Type", "application/json")
        do {
            return HTTPResponse(status: status, headers: headers, body: .bytes(try JSONCoding.encoder.encode(value)))
        } catch {
            return .text("the response could not be encoded: \(error)", status: 500)
        }
    }
}

/// A file opened for a download; the server sends it with `sendfile` and closes its copy after.
public struct OpenedFile: Sendable {
    let descriptor: FileDescriptor

    package init(_ descriptor: FileDescriptor) {
        self.descriptor = descriptor
    }

    /// The file's size now, or nil when it cannot be told.
    var size: UInt64? {
        var status = stat()
        guard fstat(descriptor.rawValue, &status) == 0 else { return nil }
        return UInt64(status.st_size)
    }

    /// Reads `length` bytes at `offset` (what the server would send), for tests and small files.
    public func read(offset: UInt64, length: UInt64) -> Data {
        Data((try? descriptor.read(upTo: Int(length), at: Int64(offset))) ?? [])
    }
}

/// The JSON encoder and decoder the API uses: sorted keys, ISO 8601 dates.
public enum JSONCoding {
    /// Encodes with sorted keys and ISO 8601 dates (with fractional seconds).
    public static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(isoDate(date))
        }
        return encoder
    }

    /// Decodes ISO 8601 dates.
    public static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let text = try decoder.singleValueContainer().decode(String.self)
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            if let date = formatter.date(from: text) { return date }
            formatter.formatOptions = [.withInternetDateTime]
            if let date = formatter.date(from: text) { return date }
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "not a date: \(text)"))
        }
        return decoder
    }

    static func isoDate(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }
}
