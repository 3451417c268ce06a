/// A distance in metres, with the units people type and read: `10mi`, `500 m`, `1.5km`.
public struct Distance: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The units Folio reads and writes.
    public enum Unit: String, Sendable, CaseIterable {
        /// Metres (`m`).
        case meters = "m"
        /// Kilometres (`km`).
        case kilometers = "km"
        /// Statute miles (`mi`), 1,609.344 m.
        case miles = "mi"
        /// International feet (`ft`), 0.3048 m.
        case feet = "ft"
        /// Nautical miles (`nmi`), 1,852 m.
        case nauticalMiles = "nmi"

        /// How many metres one unit is.
        public var meters: Double {
            switch self {
            case .meters: 1
            case .kilometers: 1000
            case .miles: 1609.344
            case .feet: 0.3048
            case .nauticalMiles: 1852
            }
        }
    }

    /// The distance in metres.
    public var meters: Double

    /// A distance of `meters` metres.
    public init(meters: Double) {
        self.meters = meters
    }

    /// A distance of `value` in `unit`.
    public init(_ value: Double, _ unit: Unit) {
        self.meters = value * unit.meters
    }

    /// Parses a non-negative number with an optional unit (`10mi`, `10 mi`, `250`, `1.5km`);
    /// a bare number is metres.
    ///
    /// - Throws: ``LocationError`` `.invalidArgument` naming what is wrong with `text`.
    public init(parsing text: String) throws(LocationError) {
        let trimmed = Substring(text).trimmingSpaces()
        let numberEnd = trimmed.firstIndex { !($0.isNumber || $0 == "." || $0 == "-" || $0 == "+" || $0 == "e") }
        let number = trimmed[..<(numberEnd ?? trimmed.endIndex)]
        let unitText = trimmed[(numberEnd ?? trimmed.endIndex)...].trimmingSpaces().lowercased()
        guard let value = Double(number), value.isFinite else {
            throw LocationError(
                .invalidArgument, operation: "read distance", subject: text,
                reason: "a distance is a number with an optional unit, such as 10mi, 500m or 1.5km")
        }
        guard value >= 0 else {
            throw LocationError(
                .invalidArgument, operation: "read distance", subject: text, reason: "a distance cannot be negative")
        }
        let aliases: [String: Unit] = [
            "": .meters, "m": .meters, "meter": .meters, "meters": .meters, "metre": .meters, "metres": .meters,
            "km": .kilometers, "mi": .miles, "mile": .miles, "miles": .miles, "ft": .feet, "feet": .feet,
            "nmi": .nauticalMiles,
        ]
        guard let unit = aliases[unitText] else {
            throw LocationError(
                .invalidArgument, operation: "read distance", subject: text,
                reason: "unknown unit '\(unitText)'; use m, km, mi, ft or nmi")
        }
        self.init(value, unit)
    }

    /// Parses a distance that must say its unit (`10mi`, `5 km`): a radius typed as `10` could
    /// mean metres, kilometres or miles, so it is refused with the units named.
    ///
    /// - Throws: ``LocationError`` `.invalidArgument`, as ``init(parsing:)`` does, or naming the
    ///   missing unit.
    public init(parsingWithUnit text: String) throws(LocationError) {
        try self.init(parsing: text)
        let trimmed = Substring(text).trimmingSpaces()
        if let last = trimmed.last, last.isNumber || last == "." {
            let units = Unit.allCases.map(\.rawValue).joined(separator: ", ")
            throw LocationError(
                .invalidArgument, operation: "read distance", subject: text,
                reason: "say the unit, as in \(trimmed)km or \(trimmed)mi (the units are \(units))")
        }
    }

    /// This distance in `unit`.
    public func value(in unit: Unit) -> Double {
        meters / unit.meters
    }

    public static func < (lhs: Distance, rhs: Distance) -> Bool {
        lhs.meters < rhs.meters
    }

    /// `850 m`, `3.32 km`, `12.4 km`: metres below a kilometre, else kilometres.
    public var description: String {
        if meters < 1000 {
            return "\(Coordinate.decimal(meters, places: 0)) m"
        }
        return "\(Coordinate.decimal(meters / 1000, places: meters < 10_000 ? 2 : 1)) km"
    }
}
