/// One point of a track, a route or a set of waypoints: where it is, what the receiver or the
/// file said about it, and when, when that is known.
///
/// A recorded movement (a ``Location``) always has its time, its accuracy and its other values;
/// a point of a GPX file often has only a position, sometimes an elevation or a name, and routes
/// and waypoints rarely have times. What is not known is nil, never a made-up value.
///
/// ```swift
/// let point = TrackPoint(coordinate: Coordinate(latitude: 45.8, longitude: 14.4), altitude: 550)
/// point.time        // nil: the file did not say
/// point.location    // nil: a location needs a time
/// ```
public struct TrackPoint: Sendable, Hashable {
    /// The latitude and longitude.
    public var coordinate: Coordinate
    /// Metres above mean sea level, when known.
    public var altitude: Double?
    /// The radius in metres of the circle the position is within, when known.
    public var horizontalAccuracy: Double?
    /// The altitude is within ± this many metres, when known.
    public var verticalAccuracy: Double?
    /// Metres per second over ground, when known.
    public var speed: Double?
    /// Degrees clockwise from true north, 0…360, when known.
    public var course: Double?
    /// When the point was recorded, when known.
    public var time: LocationTime?
    /// Its name (a waypoint's or a route point's), when it has one.
    public var name: String?

    /// A point with what is known of it.
    public init(
        coordinate: Coordinate, altitude: Double? = nil, horizontalAccuracy: Double? = nil,
        verticalAccuracy: Double? = nil, speed: Double? = nil, course: Double? = nil, time: LocationTime? = nil,
        name: String? = nil
    ) {
        self.coordinate = coordinate
        self.altitude = altitude
        self.horizontalAccuracy = horizontalAccuracy
        self.verticalAccuracy = verticalAccuracy
        self.speed = speed
        self.course = course
        self.time = time
        self.name = name
    }

    /// The point of a recorded movement: its time, and each value the location marks valid.
    public init(_ location: Location) {
        self.init(
            coordinate: location.coordinate,
            altitude: location.hasValidAltitude ? location.altitude : nil,
            horizontalAccuracy: location.horizontalAccuracy >= 0 ? location.horizontalAccuracy : nil,
            verticalAccuracy: location.hasValidAltitude ? location.verticalAccuracy : nil,
            speed: location.speed >= 0 ? location.speed : nil,
            course: location.course >= 0 ? location.course : nil,
            time: location.timestamp)
    }

    /// The point as a location update, when its time is known: unknown values become the
    /// chapter's negative "invalid" marks, except the horizontal accuracy, which is
    /// `assumedAccuracy` (a position with no accuracy would otherwise be unusable).
    public func location(assumingAccuracy assumedAccuracy: Double) -> Location? {
        guard let time else { return nil }
        let horizontal = horizontalAccuracy ?? assumedAccuracy
        var location = Location(
            coordinate: coordinate, horizontalAccuracy: horizontal, speed: speed ?? -1, course: course ?? -1,
            timestamp: time)
        if let altitude {
            location.altitude = altitude
            location.verticalAccuracy = verticalAccuracy ?? horizontal * 1.5
        }
        return location
    }

    /// The lateral distance in metres from `other` to this point, along the WGS84 ellipsoid.
    public func distance(from other: TrackPoint) -> Double {
        coordinate.distance(to: other.coordinate)
    }
}
