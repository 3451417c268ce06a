/// One NMEA 0183 sentence a GPS receiver writes, parsed: a GGA fix, an RMC record, or another
/// kind Folio does not use.
///
/// Parsing checks the checksum, the field counts and every range; empty position fields mean the
/// receiver has no fix, which is reported as such, never as the point 0,0.
///
/// ```swift
/// let sentence = try NMEASentence(parsing: "$GPGGA,120000.00,3300.6002,N,09645.4754,W,1,08,0.9,200.0,M,-25.0,M,,*5C")
/// ```
public enum NMEASentence: Sendable, Hashable {
    /// `GGA`: time, position, fix quality, satellites, horizontal dilution, altitude.
    case fix(Fix)
    /// `RMC`: time, date, status, position, speed and course over ground.
    case recommendedMinimum(RecommendedMinimum)
    /// A valid sentence of another type (GSA, GSV, VTG, …), identified by talker and type.
    case other(talker: String, type: String)

    /// A time of day in UTC, `hhmmss.ss`, exact to the nanosecond.
    public struct TimeOfDay: Sendable, Hashable, Comparable {
        /// Nanoseconds since midnight (up to 61 seconds past 23:59, for a leap second).
        public var nanoseconds: Int64

        /// The time `nanoseconds` after midnight.
        public init(nanoseconds: Int64) {
            self.nanoseconds = nanoseconds
        }

        public static func < (lhs: TimeOfDay, rhs: TimeOfDay) -> Bool {
            lhs.nanoseconds < rhs.nanoseconds
        }
    }

    /// A GGA sentence.
    public struct Fix: Sendable, Hashable {
        /// Time of the fix (UTC); nil when the field is empty.
        public var time: TimeOfDay?
        /// The position; nil when the receiver has no fix (empty fields or quality 0).
        public var coordinate: Coordinate?
        /// 0 invalid, 1 GPS, 2 DGPS, 4 RTK fixed, 5 RTK float, 6 estimated, …
        public var quality: Int
        /// Satellites in use; nil when empty.
        public var satellites: Int?
        /// Horizontal dilution of precision; nil when empty.
        public var horizontalDilution: Double?
        /// Metres above mean sea level; nil when empty.
        public var altitude: Double?
    }

    /// An RMC sentence.
    public struct RecommendedMinimum: Sendable, Hashable {
        /// Time of the fix (UTC); nil when the field is empty.
        public var time: TimeOfDay?
        /// Days since 1970-01-01 of the `ddmmyy` date; nil when empty.
        public var day: Int64?
        /// Whether the receiver says the data is valid (status `A`).
        public var isValid: Bool
        /// The position; nil when there is no fix (status `V` or empty fields).
        public var coordinate: Coordinate?
        /// Speed over ground in metres per second; nil when empty.
        public var speed: Double?
        /// Course over ground, degrees true; nil when empty.
        public var course: Double?
    }
}

extension NMEASentence {
    /// Parses one line (with or without its trailing CR LF).
    ///
    /// - Throws: ``LocationError`` `.badChecksum` when the checksum does not match,
    ///   `.malformed` for a missing `$`, a missing checksum or a field that cannot be read, and
    ///   `.invalidCoordinate` for a latitude beyond 90° or a longitude beyond 180°.
    public init(parsing line: some StringProtocol) throws(LocationError) {
        var bytes = Array(line.utf8)
        while let last = bytes.last, last == 0x0D || last == 0x0A || last == 0x20 { bytes.removeLast() }
        let text = String(decoding: bytes, as: UTF8.self)
        func failure(_ code: LocationError.Code, _ reason: String) -> LocationError {
            LocationError(code, operation: "read NMEA sentence", subject: text, reason: reason)
        }
        guard bytes.first == 0x24 || bytes.first == 0x21 else {
            throw failure(.malformed, "a sentence starts with $")
        }
        guard bytes.count >= 4, bytes[bytes.count - 3] == 0x2A else {
            throw failure(.malformed, "the sentence has no *hh checksum")
        }
        guard let expected = Self.hexByte(bytes[bytes.count - 2], bytes[bytes.count - 1]) else {
            throw failure(.malformed, "the checksum is not two hexadecimal digits")
        }
        let body = bytes[1..<(bytes.count - 3)]
        let actual = body.reduce(UInt8(0), ^)
        guard actual == expected else {
            throw failure(
                .badChecksum,
                "the checksum is \(Self.hex(expected)) but the sentence adds up to \(Self.hex(actual))")
        }
        let fields = body.split(separator: 0x2C, omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
        let address = fields[0]
        guard address.count >= 5, address.allSatisfy({ $0.isLetter || $0.isNumber }) else {
            throw failure(.malformed, "'\(address)' is not a talker and sentence type")
        }
        let talker = String(address.dropLast(3))
        let type = String(address.suffix(3))
        do {
            switch type {
            case "GGA": self = .fix(try Self.fix(fields))
            case "RMC": self = .recommendedMinimum(try Self.recommendedMinimum(fields))
            default: self = .other(talker: talker, type: type)
            }
        } catch let error as FieldError {
            throw failure(error.code, error.reason)
        } catch {
            throw failure(.malformed, "\(error)")
        }
    }

    /// A field that cannot be read; the caller adds the sentence.
    struct FieldError: Error {
        var code: LocationError.Code
        var reason: String
    }

    private static func fix(_ fields: [String]) throws -> Fix {
        guard fields.count >= 15 else {
            throw FieldError(code: .malformed, reason: "GGA has \(fields.count) fields, not 15")
        }
        let quality = try integer(fields[6], "fix quality") ?? 0
        var coordinate = try position(fields[2], fields[3], fields[4], fields[5])
        if quality == 0 { coordinate = nil }
        return Fix(
            time: try timeOfDay(fields[1]), coordinate: coordinate, quality: quality,
            satellites: try integer(fields[7], "satellites"), horizontalDilution: try number(fields[8], "HDOP"),
            altitude: try number(fields[9], "altitude"))
    }

    private static func recommendedMinimum(_ fields: [String]) throws -> RecommendedMinimum {
        guard fields.count >= 12 else {
            throw FieldError(code: .malformed, reason: "RMC has \(fields.count) fields, not at least 12")
        }
        guard fields[2] == "A" || fields[2] == "V" || fields[2].isEmpty else {
            throw FieldError(code: .malformed, reason: "status '\(fields[2])' is neither A nor V")
        }
        let isValid = fields[2] == "A"
        let coordinate = try position(fields[3], fields[4], fields[5], fields[6])
        return RecommendedMinimum(
            time: try timeOfDay(fields[1]), day: try date(fields[9]), isValid: isValid,
            coordinate: isValid ? coordinate : nil, speed: try number(fields[7], "speed").map { $0 * 1852 / 3600 },
            course: try number(fields[8], "course"))
    }

    /// `ddmm.mmmm,N,dddmm.mmmm,W`; nil when any field is empty.
    private static func position(_ latitude: String, _ north: String, _ longitude: String, _ east: String) throws
        -> Coordinate?
    {
        guard !latitude.isEmpty, !north.isEmpty, !longitude.isEmpty, !east.isEmpty else { return nil }
        guard north == "N" || north == "S" else {
            throw FieldError(code: .malformed, reason: "latitude hemisphere '\(north)' is neither N nor S")
        }
        guard east == "E" || east == "W" else {
            throw FieldError(code: .malformed, reason: "longitude hemisphere '\(east)' is neither E nor W")
        }
        let lat = try degrees(latitude, degreeDigits: 2, "latitude") * (north == "S" ? -1 : 1)
        let lon = try degrees(longitude, degreeDigits: 3, "longitude") * (east == "W" ? -1 : 1)
        guard abs(lat) <= 90 else {
            throw FieldError(code: .invalidCoordinate, reason: "latitude \(latitude) is beyond 90 degrees")
        }
        guard abs(lon) <= 180 else {
            throw FieldError(code: .invalidCoordinate, reason: "longitude \(longitude) is beyond 180 degrees")
        }
        return Coordinate(latitude: lat, longitude: lon)
    }

    /// `ddmm.mmmm` (or `dddmm.mmmm`) to decimal degrees.
    private static func degrees(_ text: String, degreeDigits: Int, _ name: String) throws -> Double {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first, whole.count == degreeDigits + 2, whole.allSatisfy(\.isASCIIDigit),
            parts.count == 1 || parts[1].allSatisfy(\.isASCIIDigit),
            let value = Double(text)
        else {
            throw FieldError(code: .malformed, reason: "\(name) '\(text)' is not degrees and minutes")
        }
        let degrees = (value / 100).rounded(.down)
        let minutes = value - degrees * 100
        guard minutes < 60 else {
            throw FieldError(code: .invalidCoordinate, reason: "\(name) '\(text)' has \(minutes) minutes")
        }
        return degrees + minutes / 60
    }

    /// `hhmmss`, `hhmmss.s…`, exactly; nil when empty.
    private static func timeOfDay(_ text: String) throws -> TimeOfDay? {
        guard !text.isEmpty else { return nil }
        let digits = Array(text.utf8)
        let isDigit = { (byte: UInt8) in byte >= 0x30 && byte <= 0x39 }
        guard digits.count >= 6, digits[0..<6].allSatisfy(isDigit),
            digits.count == 6 || (digits[6] == 0x2E && digits[7...].allSatisfy(isDigit))
        else {
            throw FieldError(code: .malformed, reason: "time '\(text)' is not hhmmss.ss")
        }
        func pair(_ index: Int) -> Int64 { Int64(digits[index] - 0x30) * 10 + Int64(digits[index + 1] - 0x30) }
        let hours = pair(0)
        let minutes = pair(2)
        let seconds = pair(4)
        guard hours < 24, minutes < 60, seconds < 61 else {
            throw FieldError(code: .malformed, reason: "time '\(text)' is out of range")
        }
        let fraction = digits.count > 7 ? LocationTime.nanoseconds(ofFraction: digits[7...]) ?? 0 : 0
        return TimeOfDay(
            nanoseconds: (hours * 3600 + minutes * 60 + seconds) * LocationTime.nanosecondsPerSecond + fraction)
    }

    /// `ddmmyy` to days since 1970-01-01 (years 80–99 are 19xx, 00–79 are 20xx); nil when empty.
    private static func date(_ text: String) throws -> Int64? {
        guard !text.isEmpty else { return nil }
        guard text.count == 6, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let value = Int64(text) else {
            throw FieldError(code: .malformed, reason: "date '\(text)' is not ddmmyy")
        }
        let day = value / 10_000
        let month = value / 100 % 100
        let year = value % 100
        guard (1...31).contains(day), (1...12).contains(month) else {
            throw FieldError(code: .malformed, reason: "date '\(text)' is out of range")
        }
        guard day <= LocationTime.daysIn(month: month, year: year < 80 ? 2000 + year : 1900 + year) else {
            throw FieldError(code: .malformed, reason: "date '\(text)' is out of range")
        }
        return LocationTime.daysFromCivil(year: year < 80 ? 2000 + year : 1900 + year, month: month, day: day)
    }

    private static func number(_ text: String, _ name: String) throws -> Double? {
        guard !text.isEmpty else { return nil }
        guard let value = Double(text), value.isFinite else {
            throw FieldError(code: .malformed, reason: "\(name) '\(text)' is not a number")
        }
        return value
    }

    private static func integer(_ text: String, _ name: String) throws -> Int? {
        guard !text.isEmpty else { return nil }
        guard let value = Int(text) else {
            throw FieldError(code: .malformed, reason: "\(name) '\(text)' is not a whole number")
        }
        return value
    }

    private static func hexByte(_ high: UInt8, _ low: UInt8) -> UInt8? {
        func digit(_ byte: UInt8) -> UInt8? {
            switch byte {
            case 0x30...0x39: byte - 0x30
            case 0x41...0x46: byte - 0x41 + 10
            case 0x61...0x66: byte - 0x61 + 10
            default: nil
            }
        }
        guard let high = digit(high), let low = digit(low) else { return nil }
        return high << 4 | low
    }

    static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }

    /// `$body*hh`: a sentence with its checksum, for writing logs.
    public static func checksummed(_ body: String) -> String {
        "$\(body)*\(hex(body.utf8.reduce(UInt8(0), ^)))"
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
