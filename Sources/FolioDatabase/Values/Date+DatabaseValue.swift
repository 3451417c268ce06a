import FolioCore
import Foundation

extension Date: DatabaseValueConvertible {
    /// `TEXT` in UTC as SQLite's date functions write it, to the millisecond:
    /// `2007-03-17 14:05:09.250`. Such text sorts in time order and works with `date()`,
    /// `strftime()` and the other SQL date functions.
    public var databaseValue: DatabaseValue {
        .text(DatabaseDate.format(timeIntervalSince1970))
    }

    /// `TEXT` in the forms SQLite's date functions accept (`YYYY-MM-DD`, `YYYY-MM-DD HH:MM`,
    /// `YYYY-MM-DD HH:MM:SS[.fraction]`, with `T` or a space, and an optional `Z` or `±HH:MM`),
    /// or a number of seconds since 1970 (`INTEGER` or `REAL`, as `unixepoch()` gives).
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Date? {
        switch value {
        case .integer(let seconds): Date(timeIntervalSince1970: Double(seconds))
        case .real(let seconds): Date(timeIntervalSince1970: seconds)
        case .text(let text): DatabaseDate.parse(text).map { Date(timeIntervalSince1970: $0) }
        default: nil
        }
    }
}

/// Dates as text, in the proleptic Gregorian calendar and UTC, without Foundation's formatters.
enum DatabaseDate {
    /// `YYYY-MM-DD HH:MM:SS.SSS` for seconds since 1970.
    static func format(_ interval: Double) -> String {
        let milliseconds = Int64((interval * 1000).rounded(.toNearestOrEven))
        let (seconds, millisecond) = divided(milliseconds, 1000)
        let (days, secondOfDay) = divided(seconds, 86_400)
        let (year, month, day) = UTCTime.civil(fromDays: days)
        var text = ""
        text.reserveCapacity(23)
        text += digits(year, 4) + "-" + digits(month, 2) + "-" + digits(day, 2) + " "
        text += digits(secondOfDay / 3600, 2) + ":" + digits(secondOfDay / 60 % 60, 2) + ":"
        text += digits(secondOfDay % 60, 2) + "." + digits(millisecond, 3)
        return text
    }

    /// Seconds since 1970 for a date in one of the forms SQLite accepts, or nil.
    static func parse(_ text: String) -> Double? {
        var scanner = Scanner(Array(text.utf8))
        guard let year = scanner.number(4), scanner.skip(UInt8(ascii: "-")),
            let month = scanner.number(2), scanner.skip(UInt8(ascii: "-")),
            let day = scanner.number(2), (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        var seconds = Double(UTCTime.daysFromCivil(year: Int64(year), month: Int64(month), day: Int64(day))) * 86_400
        if scanner.skip(UInt8(ascii: " ")) || scanner.skip(UInt8(ascii: "T")) {
            guard let hour = scanner.number(2), scanner.skip(UInt8(ascii: ":")), let minute = scanner.number(2),
                hour < 24, minute < 60
            else { return nil }
            seconds += Double(hour * 3600 + minute * 60)
            if scanner.skip(UInt8(ascii: ":")) {
                guard let second = scanner.number(2), second < 60 else { return nil }
                seconds += Double(second)
                if scanner.skip(UInt8(ascii: ".")) {
                    guard let fraction = scanner.fraction() else { return nil }
                    seconds += fraction
                }
            }
            if let offset = scanner.timeZoneOffset() {
                seconds -= offset
            }
        }
        scanner.skipSpaces()
        return scanner.isAtEnd ? seconds : nil
    }

    /// Floor division with a non-negative remainder.
    private static func divided(_ value: Int64, _ divisor: Int64) -> (Int64, Int64) {
        let remainder = (value % divisor + divisor) % divisor
        return ((value - remainder) / divisor, remainder)
    }

    private static func digits(_ value: Int64, _ width: Int) -> String {
        let text = String(value.magnitude)
        let padded = String(repeating: "0", count: max(0, width - text.count)) + text
        return value < 0 ? "-" + padded : padded
    }

    /// Reads ASCII digits and signs from the bytes of a date.
    private struct Scanner {
        let bytes: [UInt8]
        var position = 0

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
        }

        var isAtEnd: Bool { position == bytes.count }

        mutating func skip(_ byte: UInt8) -> Bool {
            guard position < bytes.count, bytes[position] == byte else { return false }
            position += 1
            return true
        }

        mutating func skipSpaces() {
            while position < bytes.count, bytes[position] == UInt8(ascii: " ") {
                position += 1
            }
        }

        /// Exactly `count` decimal digits.
        mutating func number(_ count: Int) -> Int? {
            guard position + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[position..<position + count] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            position += count
            return value
        }

        /// One or more digits after a decimal point, as a fraction of a second.
        mutating func fraction() -> Double? {
            var value = 0.0
            var scale = 0.1
            let start = position
            while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) {
                value += Double(bytes[position] - UInt8(ascii: "0")) * scale
                scale /= 10
                position += 1
            }
            return position > start ? value : nil
        }

        /// `Z`, or `+HH:MM` / `-HH:MM`, as seconds east of UTC.
        mutating func timeZoneOffset() -> Double? {
            skipSpaces()
            if skip(UInt8(ascii: "Z")) || skip(UInt8(ascii: "z")) {
                return 0
            }
            let sign: Double
            if skip(UInt8(ascii: "+")) {
                sign = 1
            } else if skip(UInt8(ascii: "-")) {
                sign = -1
            } else {
                return nil
            }
            guard let hours = number(2), skip(UInt8(ascii: ":")), let minutes = number(2) else {
                position = bytes.count + 1  // Malformed: make the parse fail.
                return nil
            }
            return sign * Double(hours * 3600 + minutes * 60)
        }
    }
}
