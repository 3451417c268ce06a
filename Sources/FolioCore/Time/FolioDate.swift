import Foundation

/// `Foundation.Date` in Folio's one text form for times (``UTCTime``'s): what every JSON encoder
/// of Folio writes for a `Date`, and what its decoders read.
public enum FolioDate {
    /// `date` as RFC 3339 in UTC, with the fewest fraction digits — at least milliseconds, at most
    /// nanoseconds — that read back as the same `Date`: `2026-11-29T20:57:33.500Z`, or
    /// `…33.1234567Z` for a `Date` made from a file's nanosecond time (which a `Date` holds to
    /// about a tenth of a microsecond; ``UTCTime`` keeps the exact nanoseconds).
    ///
    /// - Complexity: O(1).
    public static func iso8601(_ date: Date) -> String {
        guard let nearest = UTCTime(date) else { return String(describing: date) }
        var step: Int64 = 1_000_000
        while step >= 1 {
            let rounded = (Int64(nearest.nanoseconds) + step / 2) / step * step
            let candidate = UTCTime(secondsSince1970: nearest.secondsSince1970, nanoseconds: rounded)
            if candidate.date == date || step == 1 { return candidate.description }
            step /= 10
        }
        return nearest.description
    }

    /// The date of an RFC 3339 time (``UTCTime/init(parsing:)``), or nil when `text` is not one.
    public static func date(parsing text: some StringProtocol) -> Date? {
        UTCTime(parsing: text)?.date
    }
}
