/// A point on the WGS84 ellipsoid: latitude and longitude in decimal degrees (the chapter's
/// `CLLocationCoordinate2D`).
///
/// Latitudes run from -90 (south pole) to 90 (north pole), longitudes from -180 (west) to 180
/// (east). Input may give a longitude anywhere in -540…540, as GeographicLib accepts: it is reduced
/// to -180…180 (``reducedLongitude(_:)``), so `0,539` is `0,179`. The degree-minute-second position (33°1′12″, −96°44′19.67″) is
/// `Coordinate(latitude: 33.02, longitude: -96.7388)`.
///
/// ```swift
/// let whiteHouse = Coordinate(latitude: 38.8977, longitude: -77.0365)
/// let pentagon = Coordinate(latitude: 38.8719, longitude: -77.0563)
/// whiteHouse.distance(to: pentagon)  // ≈ 3,320 m along the ellipsoid
/// ```
public struct Coordinate: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Degrees north of the equator, -90…90.
    public var latitude: Double
    /// Degrees east of Greenwich, -180…180.
    public var longitude: Double

    /// A coordinate; check ``isValid`` or use ``init(validatingLatitude:longitude:)`` for input.
    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// A coordinate from input: a latitude in -90…90 and a longitude in -540…540, reduced to
    /// -180…180 as GeographicLib's `GeodSolve` reduces it (`539` is `179`, `181` is `-179`).
    ///
    /// - Throws: ``LocationError`` `.invalidCoordinate` naming the value out of range.
    public init(validatingLatitude latitude: Double, longitude: Double) throws(LocationError) {
        guard latitude.isFinite, (-90...90).contains(latitude) else {
            throw LocationError(
                .invalidCoordinate, operation: "read coordinate", subject: "\(latitude),\(longitude)",
                reason: "latitude \(latitude) is outside -90…90")
        }
        guard longitude.isFinite, (-540...540).contains(longitude) else {
            throw LocationError(
                .invalidCoordinate, operation: "read coordinate", subject: "\(latitude),\(longitude)",
                reason: "longitude \(longitude) is outside -540…540")
        }
        self.init(latitude: latitude, longitude: Self.reducedLongitude(longitude))
    }

    /// `longitude` reduced to -180…180 by whole turns, as GeographicLib's `AngNormalize` does it:
    /// the nearest equivalent angle, with ±180 keeping the sign it was given (`540` is `180`,
    /// `-540` is `-180`, `360` is `0`). The result has the decimals the input was written with
    /// (`-437.0365` is `-77.0365`, not the `-77.03649999999999` binary subtraction gives): a turn
    /// is a whole number of degrees, so the digits of a reduced longitude are exact in decimal.
    public static func reducedLongitude(_ longitude: Double) -> Double {
        let reduced = longitude.remainder(dividingBy: 360)
        if abs(reduced) == 180 { return Double(signOf: longitude, magnitudeOf: 180) }
        guard reduced != longitude else { return reduced }
        let written = "\(longitude)"
        guard !written.contains("e"), let point = written.firstIndex(of: ".") else { return reduced }
        let places = written.distance(from: point, to: written.endIndex) - 1
        guard places <= 12, let decimal = Double(decimal(reduced, places: places)), abs(decimal - reduced) < 1e-9
        else { return reduced }
        return decimal
    }

    /// Parses `LAT,LON` in decimal degrees (`38.8977,-77.0365`; spaces allowed after the comma),
    /// as ``init(validatingLatitude:longitude:)`` reads them.
    ///
    /// - Returns: nil when `text` is not two comma-separated numbers.
    /// - Throws: ``LocationError`` `.invalidCoordinate` for numbers out of range.
    public init?(parsing text: String) throws(LocationError) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2,
            let latitude = Double(parts[0].trimmingSpaces()),
            let longitude = Double(parts[1].trimmingSpaces())
        else {
            return nil
        }
        try self.init(validatingLatitude: latitude, longitude: longitude)
    }

    /// Whether the latitude and longitude are finite and within their ranges.
    public var isValid: Bool {
        latitude.isFinite && longitude.isFinite && abs(latitude) <= 90 && abs(longitude) <= 180
    }

    /// `38.897700,-77.036500`: six decimals, about 0.1 m.
    public var description: String {
        "\(Self.decimal(latitude)),\(Self.decimal(longitude))"
    }

    /// `value` with six decimals and no exponent.
    static func decimal(_ value: Double, places: Int = 6) -> String {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let rounded = (abs(value) * scale).rounded()
        let whole = Int64(rounded / scale)
        let fraction = Int64(rounded - Double(whole) * scale)
        var digits = String(fraction)
        digits = String(repeating: "0", count: max(0, places - digits.count)) + digits
        let sign = value < 0 && rounded != 0 ? "-" : ""
        return places == 0 ? "\(sign)\(whole)" : "\(sign)\(whole).\(digits)"
    }
}

extension Substring {
    func trimmingSpaces() -> Substring {
        var text = self
        while let first = text.first, first.isWhitespace {
            text.removeFirst()
        }
        while let last = text.last, last.isWhitespace {
            text.removeLast()
        }
        return text
    }
}
