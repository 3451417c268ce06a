import Foundation

/// The one JSON configuration of Folio: what `folio --json` prints and what the web API sends and
/// reads.
///
/// - Keys are sorted, so the same value always prints the same text.
/// - Slashes are not escaped (`"Documents/a.txt"`).
/// - A `Date` is RFC 3339 in UTC (``FolioDate/iso8601(_:)``); an exact time is a ``UTCTime``,
///   in the same form.
/// - A `Double` is written in its shortest form that reads back as the same double (`0.1`,
///   `-33.8688`, never `0.10000000000000001`), as Swift's `description` writes it.
/// - Pretty output indents by two spaces and writes an empty array or object as `[]` or `{}`.
///
/// ```swift
/// let data = try FolioJSON.encode(report)               // compact, for the web API
/// let text = try FolioJSON.string(report, pretty: true) // for a person's terminal
/// ```
public enum FolioJSON {
    /// An encoder with Folio's configuration; `pretty` adds line breaks and indentation.
    public static func encoder(pretty: Bool = false) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting =
            pretty ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(FolioDate.iso8601(date))
        }
        return encoder
    }

    /// A decoder that reads dates in RFC 3339 (``UTCTime/init(parsing:)``: with or without a
    /// fraction, `Z` or an offset).
    public static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = FolioDate.date(parsing: text) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "'\(text.prefix(40))' is not an RFC 3339 time")
            }
            return date
        }
        return decoder
    }

    /// `value` as JSON bytes; `pretty` for people (empty collections as `[]` and `{}`).
    ///
    /// - Throws: `EncodingError` when a value cannot be written (a NaN or an infinity).
    public static func encode<Value: Encodable>(_ value: Value, pretty: Bool = false) throws -> Data {
        let data = try encoder(pretty: pretty).encode(value)
        return pretty ? Data(collapsingEmptyCollections(Array(data))) : data
    }

    /// `value` as JSON text; `pretty` for people.
    ///
    /// - Throws: `EncodingError` when a value cannot be written (a NaN or an infinity).
    public static func string<Value: Encodable>(_ value: Value, pretty: Bool = false) throws -> String {
        String(decoding: try encode(value, pretty: pretty), as: UTF8.self)
    }

    /// Pretty JSON with its empty arrays and objects written `[]` and `{}`: Foundation's encoder
    /// writes them as `[`, an empty line and `]`. A line break inside JSON is always structure (in
    /// a string it is escaped), so only whitespace between the brackets is dropped.
    ///
    /// - Complexity: O(*n*) in the length of `json`.
    public static func collapsingEmptyCollections(_ json: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(json.count)
        var index = 0
        var inString = false
        while index < json.count {
            let byte = json[index]
            result.append(byte)
            index += 1
            if inString {
                if byte == UInt8(ascii: "\\"), index < json.count {
                    result.append(json[index])
                    index += 1
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            if byte == UInt8(ascii: "\"") {
                inString = true
                continue
            }
            guard byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") else { continue }
            let closing = byte == UInt8(ascii: "[") ? UInt8(ascii: "]") : UInt8(ascii: "}")
            var next = index
            while next < json.count, json[next] == 0x20 || json[next] == 0x0A { next += 1 }
            if next < json.count, json[next] == closing, next > index {
                result.append(closing)
                index = next + 1
            }
        }
        return result
    }
}
