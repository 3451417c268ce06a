import Foundation

/// A UTC time exact to the nanosecond: a file's modification time as the filesystem keeps it, a
/// fix's time as a receiver gives it.
///
/// A time is whole seconds since 1970-01-01T00:00:00Z and the nanoseconds after them, never a
/// binary fraction of seconds, so `…33.123456789Z` stays `…33.123456789Z` from `statx` to JSON
/// and back. `Foundation.Date` holds a time as a `Double` of seconds since 2001, to about a tenth
/// of a microsecond today: ``init(_:)`` and ``date`` convert.
///
/// Its text form (``description``, and its `Codable` form) is the one Folio writes everywhere —
/// the CLI's `--json`, the web API, GPX, tracks — RFC 3339 in UTC with milliseconds always and
/// finer digits only when there are any:
///
/// ```swift
/// UTCTime(secondsSince1970: 1_764_600_000, nanoseconds: 500_000_000).description
/// // "2025-12-01T14:40:00.500Z"
/// UTCTime(secondsSince1970: 1_764_600_000, nanoseconds: 123_456_789).description
/// // "2025-12-01T14:40:00.123456789Z"
/// ```
public struct UTCTime: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// Whole seconds since 1970-01-01T00:00:00Z (rounded down: negative before).
    public let secondsSince1970: Int64
    /// The nanoseconds after ``secondsSince1970``, 0…999,999,999.
    public let nanoseconds: UInt32

    /// The nanoseconds in a second.
    package static let nanosecondsPerSecond: Int64 = 1_000_000_000

    /// The time `nanoseconds` after `seconds` since the start of 1970 (UTC); nanoseconds beyond a
    /// second (or negative) carry into the seconds.
    public init(secondsSince1970 seconds: Int64, nanoseconds: Int64 = 0) {
        let carry =
            nanoseconds >= 0
            ? nanoseconds / Self.nanosecondsPerSecond : (nanoseconds + 1) / Self.nanosecondsPerSecond - 1
        secondsSince1970 = seconds + carry
        self.nanoseconds = UInt32(nanoseconds - carry * Self.nanosecondsPerSecond)
    }

    /// The time of `date`, to the nearest nanosecond; nil for a date too far away to hold in
    /// whole seconds (such as `Date.distantFuture`'s neighbours beyond ±2^62 seconds).
    public init?(_ date: Date) {
        let interval = date.timeIntervalSince1970
        guard interval.isFinite, abs(interval) < 9e18 else { return nil }
        let whole = interval.rounded(.down)
        self.init(secondsSince1970: Int64(whole), nanoseconds: Int64(((interval - whole) * 1e9).rounded()))
    }

    /// This time as a `Foundation.Date` (which holds it as a binary fraction: to about a tenth of
    /// a microsecond).
    public var date: Date {
        Date(timeIntervalSince1970: Double(secondsSince1970) + Double(nanoseconds) / 1e9)
    }

    public static func < (lhs: UTCTime, rhs: UTCTime) -> Bool {
        (lhs.secondsSince1970, lhs.nanoseconds) < (rhs.secondsSince1970, rhs.nanoseconds)
    }

    // MARK: - Codable

    /// Reads the text form (``init(parsing:)``).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let time = UTCTime(parsing: text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "'\(text.prefix(40))' is not an RFC 3339 time")
        }
        self = time
    }

    /// Writes the text form (``description``).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
