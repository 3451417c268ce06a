import Foundation
import Glibc

/// Text formats for people: sizes, dates, permissions.
public enum Format {
    /// A size as people read it: `22 B`, `1.5 KiB`, `3.2 MiB`, `10 GiB`.
    public static func size(_ bytes: UInt64) -> String {
        if bytes < 1024 {
            return "\(bytes) B"
        }
        let units = ["KiB", "MiB", "GiB", "TiB", "PiB", "EiB"]
        var value = Double(bytes) / 1024
        var unit = 0
        while value >= 1024 && unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        let rounded = value < 10 ? (value * 10).rounded() / 10 : value.rounded()
        let text = rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
        return "\(text) \(units[unit])"
    }

    /// A local date and time to the minute: `2026-11-29 20:57`.
    public static func date(seconds: Int64) -> String {
        var time = time_t(seconds)
        var parts = tm()
        localtime_r(&time, &parts)
        return "\(parts.tm_year + 1900)-\(pad2(parts.tm_mon + 1))-\(pad2(parts.tm_mday)) "
            + "\(pad2(parts.tm_hour)):\(pad2(parts.tm_min))"
    }

    /// A local date and time to the second: `2026-11-29 20:57:33`.
    public static func preciseDate(_ date: Date) -> String {
        let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
        var time = time_t(seconds)
        var parts = tm()
        localtime_r(&time, &parts)
        return self.date(seconds: seconds) + ":" + pad2(parts.tm_sec)
    }

    /// A local date and time to the minute.
    public static func date(_ date: Date) -> String {
        self.date(seconds: Int64(date.timeIntervalSince1970.rounded(.down)))
    }

    /// Permission bits as `ls` shows them, with the type letter: `-rw-------`, `drwx------`.
    public static func permissions(_ mode: UInt32, typeLetter: Character) -> String {
        var text = String(typeLetter)
        let letters: [Character] = ["r", "w", "x"]
        for shift in stride(from: 6, through: 0, by: -3) {
            for (index, letter) in letters.enumerated() {
                let bit = UInt32(1) << UInt32(shift + 2 - index)
                text.append(mode & bit != 0 ? letter : "-")
            }
        }
        return text
    }

    private static func pad2(_ value: Int32) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
