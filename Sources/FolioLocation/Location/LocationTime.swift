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
/// Its text form (``description``, and its `Codable` form) is ISO 8601 in UTC with at least
/// milliseconds, as gpsd writes times, and finer digits only when there are any:
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

    /// `2024-01-01T12:00:05.000Z`: ISO 8601 in UTC, with milliseconds always and finer digits
    /// when there are any (`…05.123456Z`).
    public var description: String {
        let (day, time) = dayAndTimeOfDay
        let (year, month, dayOfMonth) = Self.civil(fromDays: day)
        let seconds = time / Self.nanosecondsPerSecond
        var fraction = Self.pad(time % Self.nanosecondsPerSecond, 9)
        while fraction.count > 3, fraction.hasSuffix("0") { fraction.removeLast() }
        return "\(Self.pad(year, 4))-\(Self.pad(month, 2))-\(Self.pad(dayOfMonth, 2))T"
            + "\(Self.pad(seconds / 3600, 2)):\(Self.pad(seconds / 60 % 60, 2)):\(Self.pad(seconds % 60, 2))"
            + ".\(fraction)Z"
    }

    /// Parses an ISO 8601 / XML Schema `dateTime`: `YYYY-MM-DDThh:mm:ss[.f…](Z|±hh:mm)`, exactly.
    /// A time without a zone is taken as UTC, as GPX 1.1 requires UTC; digits finer than a
    /// nanosecond are rounded.
    ///
    /// - Returns: nil when `text` is not such a time, or is beyond the years a time can hold.
    public init?(parsing text: some StringProtocol) {
        let bytes = Array(text.utf8)
        var index = 0
        func number(_ count: Int) -> Int64? {
            guard index + count <= bytes.count else { return nil }
            var value: Int64 = 0
            for byte in bytes[index..<index + count] {
                guard byte >= 0x30 && byte <= 0x39 else { return nil }
                value = value * 10 + Int64(byte - 0x30)
            }
            index += count
            return value
        }
        func expect(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }
        guard let year = number(4), expect(0x2D), let month = number(2), expect(0x2D), let day = number(2),
            index < bytes.count, bytes[index] == 0x54 || bytes[index] == 0x20
        else { return nil }
        index += 1
        guard let hour = number(2), expect(0x3A), let minute = number(2), expect(0x3A), let second = number(2)
        else { return nil }
        guard (1...12).contains(month), (1...Self.daysIn(month: month, year: year)).contains(day), hour < 24,
            minute < 60, second < 61
        else { return nil }
        var fraction: Int64 = 0
        if index < bytes.count && bytes[index] == 0x2E {
            index += 1
            let start = index
            while index < bytes.count, bytes[index] >= 0x30 && bytes[index] <= 0x39 { index += 1 }
            guard index > start, let value = Self.nanoseconds(ofFraction: bytes[start..<index]) else { return nil }
            fraction = value
        }
        var offset: Int64 = 0
        if index < bytes.count {
            if bytes[index] == 0x5A {
                index += 1
            } else if bytes[index] == 0x2B || bytes[index] == 0x2D {
                let sign: Int64 = bytes[index] == 0x2D ? -1 : 1
                index += 1
                guard let hours = number(2), expect(0x3A), let minutes = number(2), hours < 24, minutes < 60
                else { return nil }
                offset = sign * (hours * 3600 + minutes * 60)
            } else {
                return nil
            }
        }
        guard index == bytes.count else { return nil }
        let days = Self.daysFromCivil(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset
        self.init(secondsSince1970: seconds, nanoseconds: fraction)
    }

    /// The nanoseconds a string of decimal digits after a decimal point stands for (`"3"` is
    /// 300,000,000); digits finer than a nanosecond are rounded, half up. Nil when a digit is not one.
    static func nanoseconds(ofFraction digits: ArraySlice<UInt8>) -> Int64? {
        var value: Int64 = 0
        var count = 0
        var roundsUp = false
        for byte in digits {
            guard byte >= 0x30 && byte <= 0x39 else { return nil }
            if count < 9 {
                value = value * 10 + Int64(byte - 0x30)
            } else if count == 9 {
                roundsUp = byte >= 0x35
            }
            count += 1
        }
        for _ in count..<max(count, 9) { value *= 10 }
        return value + (roundsUp ? 1 : 0)
    }

    // MARK: - The calendar

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
    static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The proleptic Gregorian date of a day since 1970-01-01 (Howard Hinnant's `civil_from_days`).
    static func civil(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// The days in `month` (1…12) of `year`.
    static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
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
