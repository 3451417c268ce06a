import Foundation

/// One measurement of where the device was: position, altitude, how accurate each is, speed,
/// course, and when (the chapter's `CLLocation`).
///
/// As in the chapter, a negative accuracy marks the matching value invalid: a negative
/// ``horizontalAccuracy`` means the position is not usable, a negative ``verticalAccuracy``
/// that the ``altitude`` is not; a negative ``speed`` or ``course`` is unknown.
///
/// ```swift
/// let fix = Location(coordinate: Coordinate(latitude: 33.010003, longitude: -96.757923),
///                    altitude: 200, horizontalAccuracy: 5, verticalAccuracy: 8, timestamp: .now())
/// fix.distance(from: other)  // metres along the WGS84 ellipsoid
/// ```
public struct Location: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The latitude and longitude.
    public var coordinate: Coordinate
    /// Metres above mean sea level (negative below); meaningful only when ``verticalAccuracy`` ≥ 0.
    public var altitude: Double
    /// The radius in metres of the circle, centred on ``coordinate``, the device is within;
    /// negative when the position is invalid.
    public var horizontalAccuracy: Double
    /// The altitude is within ± this many metres; negative when the altitude is invalid.
    public var verticalAccuracy: Double
    /// Metres per second over ground; negative when unknown.
    public var speed: Double
    /// Degrees clockwise from true north the device is moving towards, 0…360; negative when unknown.
    public var course: Double
    /// When the location was determined, exact to the nanosecond (``LocationTime/date`` gives it
    /// as a `Date`).
    public var timestamp: LocationTime

    /// A location with everything the chapter's full initialiser takes, plus speed and course.
    public init(
        coordinate: Coordinate,
        altitude: Double = 0,
        horizontalAccuracy: Double,
        verticalAccuracy: Double = -1,
        speed: Double = -1,
        course: Double = -1,
        timestamp: LocationTime
    ) {
        self.coordinate = coordinate
        self.altitude = altitude
        self.horizontalAccuracy = horizontalAccuracy
        self.verticalAccuracy = verticalAccuracy
        self.speed = speed
        self.course = course
        self.timestamp = timestamp
    }

    /// A location known only by its coordinate (the chapter's `initWithLatitude:longitude:`):
    /// exact position, no altitude, timestamped now.
    public init(latitude: Double, longitude: Double) {
        self.init(
            coordinate: Coordinate(latitude: latitude, longitude: longitude), horizontalAccuracy: 0,
            timestamp: .now())
    }

    /// Whether the position can be used: a valid coordinate with a non-negative accuracy.
    public var hasValidPosition: Bool {
        horizontalAccuracy >= 0 && coordinate.isValid
    }

    /// Whether ``altitude`` is a reading.
    public var hasValidAltitude: Bool {
        verticalAccuracy >= 0
    }

    /// The lateral distance in metres from `other` to this location, along the WGS84 ellipsoid
    /// (the chapter's `getDistanceFrom:`).
    public func distance(from other: Location) -> Double {
        coordinate.distance(to: other.coordinate)
    }

    /// `<+38.897700,-77.036500> +/- 5.00m (speed 1.20 mps / course 90.00) @ 2024-01-01T12:00:00.000Z`.
    public var description: String {
        var text = "<\(coordinate.latitude >= 0 ? "+" : "")\(coordinate)> +/- "
        text += "\(Coordinate.decimal(horizontalAccuracy, places: 2))m"
        if hasValidAltitude {
            text +=
                " alt \(Coordinate.decimal(altitude, places: 1))m +/- \(Coordinate.decimal(verticalAccuracy, places: 2))m"
        }
        if speed >= 0 || course >= 0 {
            text +=
                " (speed \(Coordinate.decimal(speed, places: 2)) mps / course \(Coordinate.decimal(course, places: 2)))"
        }
        return text + " @ \(timestamp)"
    }
}
