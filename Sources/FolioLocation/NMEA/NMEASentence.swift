/// One NMEA 0183 sentence a GPS receiver writes, parsed: the kinds that give a position or a time
/// (GGA, RMC, GLL, GNS, ZDA), or another kind Folio does not use.
///
/// Parsing checks the checksum and every range; empty position fields mean the receiver has no
/// fix, which is reported as such, never as the point 0,0. A sentence's ``Fix/coordinate`` (and
/// its like in the other kinds) is set only when the receiver says the position is a fix.
///
/// ```swift
/// let sentence = try NMEASentence(parsing: "$GPGGA,120000.00,3300.6002,N,09645.4754,W,1,08,0.9,200.0,M,-25.0,M,,*5C")
/// ```
public enum NMEASentence: Sendable, Hashable {
    /// `GGA`: time, position, fix quality, satellites, horizontal dilution, altitude.
    case fix(Fix)
    /// `RMC`: time, date, status, position, speed and course over ground.
    case recommendedMinimum(RecommendedMinimum)
    /// `GLL`: position, time and status.
    case geographicPosition(GeographicPosition)
    /// `GNS`: a fix from several satellite systems: time, position, modes, satellites, altitude.
    case gnssFix(GNSSFix)
    /// `ZDA`: the time and the date.
    case timeAndDate(TimeAndDate)
    /// A valid sentence of another standard type (GSA, GSV, VTG, AIS `VDM`, …), identified by
    /// talker and type.
    case other(talker: String, type: String)
    /// A manufacturer's own sentence, `$P` and its address (`PGRME`, `PERC`, `PSTMCPU`).
    case proprietary(String)

    /// A time of day in UTC, `hhmmss.ss`, exact to the nanosecond.
    public struct TimeOfDay: Sendable, Hashable, Comparable, CustomStringConvertible {
        /// Nanoseconds since midnight (up to 61 seconds past 23:59, for a leap second).
        public var nanoseconds: Int64

        /// The time `nanoseconds` after midnight.
        public init(nanoseconds: Int64) {
            self.nanoseconds = nanoseconds
        }

        public static func < (lhs: TimeOfDay, rhs: TimeOfDay) -> Bool {
            lhs.nanoseconds < rhs.nanoseconds
        }

        /// `20:06:19.300`.
        public var description: String {
            let text = LocationTime(nanosecondsSince1970: nanoseconds).description
            return String(text.dropFirst(11).dropLast())
        }
    }

    /// A GGA sentence.
    public struct Fix: Sendable, Hashable {
        /// Time of the fix (UTC); nil when the field is empty.
        public var time: TimeOfDay?
        /// The position; nil when the receiver has no fix: empty fields, quality 0, or fewer than
        /// three satellites in use (gpsd's rule).
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
        /// Whether the receiver says the data is valid (status `A`, or `D` for differential, and a
        /// mode other than `N`).
        public var isValid: Bool
        /// The position; nil when there is no fix (not valid, or empty fields).
        public var coordinate: Coordinate?
        /// Speed over ground in metres per second; nil when empty.
        public var speed: Double?
        /// Course over ground, degrees true; nil when empty.
        public var course: Double?
    }

    /// A GLL sentence.
    public struct GeographicPosition: Sendable, Hashable {
        /// Time of the position (UTC); nil when the field is empty or missing (old receivers).
        public var time: TimeOfDay?
        /// The position; nil when there is no fix (status other than `A`, mode `N`, empty fields).
        public var coordinate: Coordinate?
    }

    /// A GNS sentence.
    public struct GNSSFix: Sendable, Hashable {
        /// Time of the fix (UTC); nil when the field is empty.
        public var time: TimeOfDay?
        /// The position; nil when there is no fix (the first mode letter `N` or missing, or a
        /// navigational status of unsafe or not valid).
        public var coordinate: Coordinate?
        /// One mode letter per satellite system: GPS, GLONASS, Galileo, BeiDou, … (`AANN`).
        public var modes: String
        /// Satellites in use; nil when empty.
        public var satellites: Int?
        /// Horizontal dilution of precision; nil when empty.
        public var horizontalDilution: Double?
        /// Metres above mean sea level; nil when empty.
        public var altitude: Double?
    }

    /// A ZDA sentence; receivers without a fix yet leave its fields empty.
    public struct TimeAndDate: Sendable, Hashable {
        /// The time (UTC); nil when the field is empty.
        public var time: TimeOfDay?
        /// Days since 1970-01-01 of its day, month and year; nil when any is empty.
        public var day: Int64?
    }

    /// The time of day the sentence gives, if any.
    public var time: TimeOfDay? {
        switch self {
        case .fix(let value): value.time
        case .recommendedMinimum(let value): value.time
        case .geographicPosition(let value): value.time
        case .gnssFix(let value): value.time
        case .timeAndDate(let value): value.time
        case .other, .proprietary: nil
        }
    }
}

extension NMEASentence {
    /// Parses one line (with or without its trailing CR LF); spaces around it are ignored.
    ///
    /// - Throws: ``LocationError`` `.badChecksum` when the checksum does not match,
    ///   `.malformed` for a line that is not a `$` or `!` sentence, a missing checksum or a field
    ///   that cannot be read, and `.invalidCoordinate` for a latitude beyond 90° or a longitude
    ///   beyond 180°.
    public init(parsing line: some StringProtocol) throws(LocationError) {
        var bytes = ArraySlice(line.utf8)
        let isSpace = { (byte: UInt8) in byte == 0x0D || byte == 0x0A || byte == 0x20 || byte == 0x09 }
        while let last = bytes.last, isSpace(last) { bytes.removeLast() }
        while let first = bytes.first, isSpace(first) { bytes.removeFirst() }
        let text = String(decoding: bytes, as: UTF8.self)
        func failure(_ code: LocationError.Code, _ reason: String) -> LocationError {
            LocationError(
                code, operation: "read NMEA sentence", subject: LocationError.quoted(text, limit: 100), reason: reason)
        }
        guard bytes.first == 0x24 || bytes.first == 0x21 else {
            throw failure(.malformed, "not an NMEA sentence: it does not start with $ or !")
        }
        guard bytes.count >= 4, bytes[bytes.endIndex - 3] == 0x2A else {
            throw failure(.malformed, "the sentence has no *hh checksum")
        }
        guard let expected = Self.hexByte(bytes[bytes.endIndex - 2], bytes[bytes.endIndex - 1]) else {
            throw failure(.malformed, "the checksum is not two hexadecimal digits")
        }
        let body = bytes[(bytes.startIndex + 1)..<(bytes.endIndex - 3)]
        let actual = body.reduce(UInt8(0), ^)
        guard actual == expected else {
            throw failure(
                .badChecksum, "the checksum is \(Self.hex(expected)) but the sentence adds up to \(Self.hex(actual))")
        }
        let fields = Fields(
            body.split(separator: 0x2C, omittingEmptySubsequences: false).map {
                String(decoding: $0, as: UTF8.self)
            })
        let address = fields[0]
        guard address.count >= 2, address.unicodeScalars.allSatisfy({ $0.isASCIILetterOrDigit }) else {
            throw failure(.malformed, "'\(LocationError.quoted(address, limit: 20))' is not a sentence's address")
        }
        if address.hasPrefix("P") {
            self = .proprietary(address)
            return
        }
        guard address.count >= 5 else {
            throw failure(.malformed, "'\(address)' is not a talker and sentence type")
        }
        let talker = String(address.prefix(2))
        let type = String(address.dropFirst(2))
        do throws(FieldError) {
            switch type {
            case "GGA": self = .fix(try Self.fix(fields))
            case "RMC": self = .recommendedMinimum(try Self.recommendedMinimum(fields))
            case "GLL": self = .geographicPosition(try Self.geographicPosition(fields))
            case "GNS": self = .gnssFix(try Self.gnssFix(fields))
            case "ZDA": self = .timeAndDate(try Self.timeAndDate(fields))
            default: self = .other(talker: talker, type: type)
            }
        } catch {
            throw failure(error.code, error.reason)
        }
    }

    /// `$body*hh`: a sentence with its checksum, for writing logs.
    public static func checksummed(_ body: String) -> String {
        "$\(body)*\(hex(body.utf8.reduce(UInt8(0), ^)))"
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
}

extension Unicode.Scalar {
    fileprivate var isASCIILetterOrDigit: Bool {
        (0x30...0x39).contains(value) || (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value)
    }
}
