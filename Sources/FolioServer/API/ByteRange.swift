import Foundation

/// A single `Range: bytes=…` request, resolved against a file's size.
struct ByteRange: Equatable {
    let offset: UInt64
    let length: UInt64

    /// What a `Range` header asks of a file of `size` bytes.
    enum Outcome: Equatable {
        /// No usable range: send the whole file (also for multiple ranges, which Folio does not split).
        case whole
        /// One satisfiable range: answer 206.
        case partial(ByteRange)
        /// A range that starts beyond the end: answer 416.
        case unsatisfiable
    }

    static func parse(_ header: String?, size: UInt64) -> Outcome {
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
