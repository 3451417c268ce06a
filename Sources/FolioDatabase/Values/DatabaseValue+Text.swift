import FolioCore
import Foundation

extension DatabaseValue {
    /// The shortest decimal text that reads back as exactly `real`, with a fraction or an
    /// exponent so that it reads as a REAL: `2.0`, `-0.0`, `33.0384`, `0.30000000000000004`,
    /// `1e+16`, `5e-324`; `Infinity`, `-Infinity` and `NaN` for the values that have no decimal.
    ///
    /// This is how Folio shows a REAL everywhere (the command line's tables and JSON, the web API,
    /// the app): the digits are those of Python's `repr`, enough to tell any two doubles apart and
    /// no more.
    public static func realText(_ real: Double) -> String {
        if real.isNaN {
            return "NaN"
        }
        if real.isInfinite {
            return real < 0 ? "-Infinity" : "Infinity"
        }
        // Swift's description is the shortest text that reads back as the same double, and it
        // always has a `.` or an `e`. It turns to an exponent from 2^53 on, Python (and so the
        // tools people compare with) from 1e16: write the whole numbers between in full.
        let text = real.description
        guard abs(real) >= 0x1p53, abs(real) < 1e16, let e = text.firstIndex(of: "e") else { return text }
        return DatabaseValue.positional(mantissa: text[..<e], exponent: Int(text[text.index(after: e)...]) ?? 0)
    }

    /// `9.435894195272214` and 15 as `9435894195272214.0`: the digits of a mantissa with one digit
    /// before the point, moved `exponent` (0 or more) places.
    private static func positional(mantissa: Substring, exponent: Int) -> String {
        let isNegative = mantissa.hasPrefix("-")
        let digits = mantissa.filter(\.isNumber)
        let whole =
            digits.count > exponent + 1
            ? String(digits.prefix(exponent + 1)) : digits + String(repeating: "0", count: exponent + 1 - digits.count)
        let fraction = digits.count > exponent + 1 ? String(digits.dropFirst(exponent + 1)) : "0"
        return (isNegative ? "-" : "") + whole + "." + fraction
    }

    /// The value as JSON text, exactly, keeping its storage class:
    ///
    /// | Value | JSON |
    /// |---|---|
    /// | `NULL` | `null` |
    /// | `INTEGER` | a whole number: `42` |
    /// | `REAL` | a number with a fraction or an exponent: `2.0`, `-0.0`, `1e+16` |
    /// | `REAL` infinite or not a number | `{"real": "Infinity"}`, `{"real": "-Infinity"}`, `{"real": "NaN"}` |
    /// | `TEXT` | a string: `"Infinity"` stays a string |
    /// | `BLOB` | `{"base64": "…"}` |
    ///
    /// `JSONEncoder` cannot write a REAL this way (it writes `2.0` as `2`); ``init(from:)`` reads
    /// all of these forms back.
    public var jsonText: String {
        switch self {
        case .null:
            return "null"
        case .integer(let integer):
            return String(integer)
        case .real(let real):
            return real.isFinite ? DatabaseValue.realText(real) : #"{"real":"\#(DatabaseValue.realText(real))"}"#
        case .text(let text):
            return DatabaseValue.jsonString(text)
        case .blob(let data):
            return #"{"base64":"\#(data.base64EncodedString())"}"#
        }
    }

    /// `text` as a JSON string (``FolioCore/JSONString/quoted(_:)``).
    public static func jsonString(_ text: String) -> String {
        JSONString.quoted(text)
    }
}
