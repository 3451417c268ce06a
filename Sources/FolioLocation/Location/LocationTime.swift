import FolioCore
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A UTC time exact to the nanosecond: when a location was determined, as a receiver, gpsd or a
/// GPX file gives it.
///
/// A time is kept as whole nanoseconds since 1970-01-01T00:00:00Z, never as a binary fraction of
/// seconds, so the `200619.30` of an NMEA sentence stays 20:06:19.300 and a GPX `13.994` stays
/// 13.994 through parsing, storage and output. Times from 1678 to 2261 can be held; a text outside
/// those years is refused. ``init(_:)`` and ``date`` convert from and to `Foundation.Date`.
///
/// Its text form (``description``, and its `Codable` form) is Folio's one form for times
/// (``UTCTime``'s): RFC 3339 in UTC with at least milliseconds, as gpsd writes times, and finer
/// digits only when there are any:
///
/// ```swift
/// let time = try #require(LocationTime(parsing: "2006-05-20T20:06:19.3Z"))
/// time.description            // "2006-05-20T20:06:19.300Z"
/// (time + .milliseconds(250)).description  // "2006-05-20T20:06:19.550Z"
/// ```
public struct LocationTime: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// Nanoseconds since 1970-01-01T00:00:00Z (negative before).
    public let nanosecondsSince1970: Int64

    /// The nanoseconds in a second.
    static let nanosecondsPerSecond: Int64 = 1_000_000_000
    /// The nanoseconds in a day.
    static let nanosecondsPerDay: Int64 = 86_400 * nanosecondsPerSecond

    /// The time `nanoseconds` after the start of 1970 (UTC).
    public init(nanosecondsSince1970 nanoseconds: Int64) {
        nanosecondsSince1970 = nanoseconds
    }

    /// The time `seconds` and `nanoseconds` after the start of 1970 (UTC); nil when it is beyond
    /// the years a time can hold.
    public init?(secondsSince1970 seconds: Int64, nanoseconds: Int64 = 0) {
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: Self.nanosecondsPerSecond)
        guard !overflow else { return nil }
        let (total, overflowAgain) = scaled.addingReportingOverflow(nanoseconds)
        guard !overflowAgain else { return nil }
        nanosecondsSince1970 = total
    }

    /// The time of `date`, to the nearest nanosecond; nil for a date beyond the years a time can
    /// hold (such as `Date.distantFuture`).
    public init?(_ date: Date) {
        let interval = date.timeIntervalSinceReferenceDate
        guard interval.isFinite, abs(interval) < 9e9 else { return nil }
        let whole = interval.rounded(.down)
        let fraction = Int64(((interval - whole) * 1e9).rounded())
        self.init(secondsSince1970: Int64(whole) + 978_307_200, nanoseconds: fraction)
    }

    /// Now, by the system's real-time clock.
    ///
    /// The corresponding C function is `clock_gettime` with `CLOCK_REALTIME`.
    public static func now() -> LocationTime {
        var clock = timespec()
        clock_gettime(CLOCK_REALTIME, &clock)
        return LocationTime(nanosecondsSince1970: Int64(clock.tv_sec) * nanosecondsPerSecond + Int64(clock.tv_nsec))
    }

    /// This time as a `Foundation.Date` (which holds it as a binary fraction: to about a tenth of
    /// a microsecond).
    public var date: Date {
        let (seconds, nanoseconds) = secondsAndNanoseconds
        return Date(timeIntervalSince1970: Double(seconds) + Double(nanoseconds) / 1e9)
    }

    /// Whole seconds since 1970 (rounded down) and the nanoseconds after them (0…999,999,999).
    public var secondsAndNanoseconds: (seconds: Int64, nanoseconds: Int64) {
        var seconds = nanosecondsSince1970 / Self.nanosecondsPerSecond
        var nanoseconds = nanosecondsSince1970 % Self.nanosecondsPerSecond
        if nanoseconds < 0 {
            seconds -= 1
            nanoseconds += Self.nanosecondsPerSecond
        }
        return (seconds, nanoseconds)
    }

    /// Days since 1970-01-01 of the day this time falls on (UTC), and the nanoseconds since its
    /// midnight.
    var dayAndTimeOfDay: (day: Int64, nanoseconds: Int64) {
        var day = nanosecondsSince1970 / Self.nanosecondsPerDay
        var rest = nanosecondsSince1970 % Self.nanosecondsPerDay
        if rest < 0 {
            day -= 1
            rest += Self.nanosecondsPerDay
        }
        return (day, rest)
    }

    /// The time `nanoseconds` after midnight of `day` (days since 1970-01-01); nil beyond the
    /// years a time can hold.
    init?(day: Int64, nanoseconds: Int64) {
        let (scaled, overflow) = day.multipliedReportingOverflow(by: Self.nanosecondsPerDay)
        guard !overflow else { return nil }
        let (total, overflowAgain) = scaled.addingReportingOverflow(nanoseconds)
        guard !overflowAgain else { return nil }
        nanosecondsSince1970 = total
    }

    public static func < (lhs: LocationTime, rhs: LocationTime) -> Bool {
        lhs.nanosecondsSince1970 < rhs.nanosecondsSince1970
    }

    /// The time `duration` later (earlier when negative), to the nanosecond.
    ///
    /// - Precondition: the result is within the years a time can hold.
    public static func + (time: LocationTime, duration: Duration) -> LocationTime {
        let (seconds, attoseconds) = duration.components
        let nanoseconds = seconds * nanosecondsPerSecond + attoseconds / 1_000_000_000
        return LocationTime(nanosecondsSince1970: time.nanosecondsSince1970 + nanoseconds)
    }

    /// The seconds from `earlier` to this time (negative when it is before), to compare with a
    /// `TimeInterval`.
    public func seconds(since earlier: LocationTime) -> Double {
        let (difference, overflow) = nanosecondsSince1970.subtractingReportingOverflow(earlier.nanosecondsSince1970)
        guard !overflow else { return Double(nanosecondsSince1970) / 1e9 - Double(earlier.nanosecondsSince1970) / 1e9 }
        return Double(difference) / 1e9
    }

    /// How long after `earlier` this time is (negative when it is before).
    public static func - (later: LocationTime, earlier: LocationTime) -> Duration {
        .nanoseconds(later.nanosecondsSince1970) - .nanoseconds(earlier.nanosecondsSince1970)
    }

    // MARK: - Text

    /// This time as a ``UTCTime`` (which holds any time, exact to the nanosecond).
    public var utcTime: UTCTime {
        let (seconds, nanoseconds) = secondsAndNanoseconds
        return UTCTime(secondsSince1970: seconds, nanoseconds: nanoseconds)
    }

    /// `2024-01-01T12:00:05.000Z`: Folio's one text form for times (``UTCTime/description``), in
    /// UTC, with milliseconds always and finer digits when there are any (`…05.123456Z`).
    public var description: String {
        utcTime.description
    }

    /// Parses an ISO 8601 / XML Schema `dateTime` as ``UTCTime/init(parsing:)`` does:
    /// `YYYY-MM-DDThh:mm:ss[.f…](Z|±hh:mm)`, exactly. A time without a zone is taken as UTC, as
    /// GPX 1.1 requires UTC; digits finer than a nanosecond are rounded.
    ///
    /// - Returns: nil when `text` is not such a time, or is beyond the years a time can hold.
    public init?(parsing text: some StringProtocol) {
        guard let time = UTCTime(parsing: text) else { return nil }
        self.init(secondsSince1970: time.secondsSince1970, nanoseconds: Int64(time.nanoseconds))
    }

    /// The nanoseconds a string of decimal digits after a decimal point stands for (`"3"` is
    /// 300,000,000); digits finer than a nanosecond are rounded, half up. Nil when a digit is not one.
    static func nanoseconds(ofFraction digits: ArraySlice<UInt8>) -> Int64? {
        UTCTime.nanoseconds(ofFraction: digits)
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date.
    static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
        UTCTime.daysFromCivil(year: year, month: month, day: day)
    }

    /// The proleptic Gregorian date of a day since 1970-01-01.
    static func civil(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        UTCTime.civil(fromDays: days)
    }

    /// The days in `month` (1…12) of `year`.
    static func daysIn(month: Int64, year: Int64) -> Int64 {
        UTCTime.daysIn(month: month, year: year)
    }

    // MARK: - Codable

    /// Reads the ISO 8601 text form.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let time = LocationTime(parsing: text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "'\(text.prefix(40))' is not an ISO 8601 UTC time")
        }
        self = time
    }

    /// Writes the ISO 8601 text form (``description``).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
