import Foundation

/// How an archive is written.
public enum ArchiveFormat: String, Sendable, Hashable, Codable, CaseIterable {
    /// A binary property list (`bplist00`), as `NSKeyedArchiver` writes: compact, exact for dates
    /// and binary data.
    case binaryPropertyList
    /// JSON, pretty-printed with sorted keys: readable, diffable, and what scripts can produce.
    case json

    /// The format of `data`, recognised by its first bytes; nil for neither.
    public static func detect(_ data: Data) -> ArchiveFormat? {
        if data.starts(with: Array("bplist".utf8)) {
            return .binaryPropertyList
        }
        let first = data.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        return first == UInt8(ascii: "{") ? .json : nil
    }
}
