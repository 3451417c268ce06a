import Foundation

/// A single `Range: bytes=…` request (RFC 9110 §14), resolved against a file's size.
///
/// ```swift
/// switch ByteRange.parse(request.headers["Range"], size: size) {
/// case .whole: …                 // 200 with every byte
/// case .partial(let range): …    // 206 with range.offset ..< range.offset + range.length
/// case .unsatisfiable: …         // 416
/// }
/// ```
public struct ByteRange: Equatable, Sendable {
    /// The first byte of the range.
    public let offset: UInt64
    /// The number of bytes in it (at least 1).
    public let length: UInt64

    /// A range of `length` bytes from `offset`.
    public init(offset: UInt64, length: UInt64) {
        self.offset = offset
        self.length = length
    }

    /// What a `Range` header asks of a file of `size` bytes.
    public enum Outcome: Equatable, Sendable {
        /// No usable range: send the whole file (also for multiple ranges, which Folio does not split).
        case whole
        /// One satisfiable range: answer 206.
        case partial(ByteRange)
        /// A range that starts beyond the end: answer 416.
        case unsatisfiable
    }

    /// What `header` (a `Range` field's value, or nil) asks of a file of `size` bytes.
    public static func parse(_ header: String?, size: UInt64) -> Outcome {
        guard let header, header.hasPrefix("bytes="), !header.contains(",") else { return .whole }
        let spec = header.dropFirst("bytes=".count).trimmingCharacters(in: .whitespaces)
        let parts = spec.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { return .whole }
        if parts[0].isEmpty {
            // The last N bytes.
            guard let suffix = UInt64(parts[1]), suffix > 0 else { return .unsatisfiable }
            guard size > 0 else { return .unsatisfiable }
            let length = min(suffix, size)
            return .partial(ByteRange(offset: size - length, length: length))
        }
        guard let start = UInt64(parts[0]) else { return .whole }
        guard start < size else { return .unsatisfiable }
        var end = size - 1
        if !parts[1].isEmpty {
            guard let last = UInt64(parts[1]), last >= start else { return .whole }
            end = min(last, size - 1)
        }
        return .partial(ByteRange(offset: start, length: end - start + 1))
    }
}
