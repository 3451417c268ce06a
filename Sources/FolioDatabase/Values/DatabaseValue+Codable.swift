import Foundation

extension DatabaseValue: Codable {
    private enum BlobKeys: String, CodingKey {
        case base64
    }

    /// Decodes `null`, a whole number (`INTEGER`), another number (`REAL`), a string (`TEXT`), or
    /// `{"base64": "…"}` (`BLOB`). Read from a row, it is the column's value as stored.
    public init(from decoder: any Decoder) throws {
        // Each `try?` below asks whether the value has that form; the last form reports the error.
        if let blob = try? decoder.container(keyedBy: BlobKeys.self), blob.contains(.base64) {
            let text = try blob.decode(String.self, forKey: .base64)
            guard let data = Data(base64Encoded: text) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .base64, in: blob, debugDescription: "not Base64: \(text.prefix(40))")
            }
            self = .blob(data)
            return
        }
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let integer = try? container.decode(Int64.self) {
            self = .integer(integer)
        } else if let real = try? container.decode(Double.self) {
            self = .real(real)
        } else {
            self = .text(try container.decode(String.self))
        }
    }

    /// Encodes `null`, a number, a string, or `{"base64": "…"}` for a BLOB.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .blob(let data):
            var container = encoder.container(keyedBy: BlobKeys.self)
            try container.encode(data.base64EncodedString(), forKey: .base64)
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .integer(let integer):
            var container = encoder.singleValueContainer()
            try container.encode(integer)
        case .real(let real):
            var container = encoder.singleValueContainer()
            try container.encode(real)
        case .text(let text):
            var container = encoder.singleValueContainer()
            try container.encode(text)
        }
    }
}
