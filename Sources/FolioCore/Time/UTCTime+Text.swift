extension UTCTime {
    /// `2024-01-01T12:00:05.000Z`: RFC 3339 in UTC, with milliseconds always and finer digits
    /// when there are any (`…05.123456Z`, `…05.123456789Z`), as gpsd and JavaScript's
    /// `toISOString()` write times. Years outside 0000…9999 get more digits or a sign.
    ///
    /// - Complexity: O(1).
    public var description: String {
        let (days, secondOfDay) = Self.divided(secondsSince1970, 86_400)
        let (year, month, day) = Self.civil(fromDays: days)
        var fraction = Self.pad(Int64(nanoseconds), 9)
        while fraction.count > 3, fraction.hasSuffix("0") { fraction.removeLast() }
        let yearText = year < 0 ? "-" + Self.pad(-year, 4) : Self.pad(year, 4)
        return "\(yearText)-\(Self.pad(month, 2))-\(Self.pad(day, 2))T"
            + "\(Self.pad(secondOfDay / 3600, 2)):\(Self.pad(secondOfDay / 60 % 60, 2)):\(Self.pad(secondOfDay % 60, 2))"
            + ".\(fraction)Z"
    }

    /// Parses an RFC 3339 / ISO 8601 / XML Schema `dateTime`: `YYYY-MM-DDThh:mm:ss[.f…](Z|±hh:mm)`,
    /// exactly (a space may stand for the `T`). A time without a zone is taken as UTC, as GPX 1.1
    /// requires UTC; digits finer than a nanosecond are rounded.
    ///
    /// - Returns: nil when `text` is not such a time.
    /// - Complexity: O(n) in the length of `text`.
    public init?(parsing text: some StringProtocol) {
        var scanner = TimeScanner(bytes: Array(text.utf8))
        guard let year = scanner.number(4), scanner.expect(0x2D), let month = scanner.number(2), scanner.expect(0x2D),
            let day = scanner.number(2), scanner.expect(0x54) || scanner.expect(0x20),
            let hour = scanner.number(2), scanner.expect(0x3A), let minute = scanner.number(2), scanner.expect(0x3A),
            let second = scanner.number(2),
            (1...12).contains(month), (1...Self.daysIn(month: month, year: year)).contains(day), hour < 24,
            minute < 60, second < 61
        else { return nil }
        var fraction: Int64 = 0
        if scanner.expect(0x2E) {
            guard let value = scanner.fraction() else { return nil }
            fraction = value
        }
        var offset: Int64 = 0
        if !scanner.isAtEnd && !scanner.expect(0x5A) {
            let sign: Int64
            if scanner.expect(0x2B) {
                sign = 1
            } else if scanner.expect(0x2D) {
                sign = -1
            } else {
                return nil
            }
            guard let hours = scanner.number(2), scanner.expect(0x3A), let minutes = scanner.number(2), hours < 24,
                minutes < 60
            else { return nil }
            offset = sign * (hours * 3600 + minutes * 60)
        }
        guard scanner.isAtEnd else { return nil }
        let days = Self.daysFromCivil(year: year, month: month, day: day)
        self.init(secondsSince1970: days * 86_400 + hour * 3600 + minute * 60 + second - offset, nanoseconds: fraction)
    }

    /// The nanoseconds a string of decimal digits after a decimal point stands for (`"3"` is
    /// 300,000,000); digits finer than a nanosecond are rounded, half up (so a result may be a
    /// whole second). Nil when a byte is not a digit or there is none.
    package static func nanoseconds(ofFraction digits: some Collection<UInt8>) -> Int64? {
        guard !digits.isEmpty else { return nil }
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
    package static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The proleptic Gregorian date of a day since 1970-01-01 (Howard Hinnant's `civil_from_days`).
    package static func civil(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
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
    package static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// `value` divided by `divisor` rounded down, and the remainder (0 ≤ remainder < divisor).
    private static func divided(_ value: Int64, _ divisor: Int64) -> (Int64, Int64) {
        var quotient = value / divisor
        var remainder = value % divisor
        if remainder < 0 {
            quotient -= 1
            remainder += divisor
        }
        return (quotient, remainder)
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}

/// Reads the fields of a time's text, byte by byte.
private struct TimeScanner {
    let bytes: [UInt8]
    var index = 0

    var isAtEnd: Bool { index == bytes.count }

    /// `count` decimal digits as a number.
    mutating func number(_ count: Int) -> Int64? {
        guard index + count <= bytes.count else { return nil }
        var value: Int64 = 0
        for byte in bytes[index..<index + count] {
            guard byte >= 0x30 && byte <= 0x39 else { return nil }
            value = value * 10 + Int64(byte - 0x30)
        }
        index += count
        return value
    }

    /// Skips `byte` when it is next.
    mutating func expect(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// The digits after a decimal point, as nanoseconds.
    mutating func fraction() -> Int64? {
        let start = index
        while index < bytes.count, bytes[index] >= 0x30 && bytes[index] <= 0x39 { index += 1 }
        return UTCTime.nanoseconds(ofFraction: bytes[start..<index])
    }
}
