import Foundation

/// One movement (point) of a track as Folio's JSON shows it (`folio geo track show --json`,
/// `/api/tracks/{id}`). Values the receiver or the file did not give — a time, accuracies,
/// speed, course, a name — are left out rather than shown as numbers.
public struct MovementReport: Encodable, Sendable {
    /// The movement's number in the track, from 1.
    public var number: Int
    /// The segment it belongs to, from 1.
    public var segment: Int
    /// When it was recorded; left out when unknown.
    public var time: LocationTime?
    /// Its name (a waypoint's), when it has one.
    public var name: String?
    public var latitude: Double
    public var longitude: Double
    public var horizontalAccuracy: Double?
    public var altitude: Double?
    public var verticalAccuracy: Double?
    public var speed: Double?
    public var course: Double?
    /// Meters from the previous movement of the same segment.
    public var step: Double?

    public init(_ point: TrackPoint, number: Int, segment: Int, step: Double?) {
        self.number = number
        self.segment = segment
        time = point.time
        name = point.name
        latitude = point.coordinate.latitude
        longitude = point.coordinate.longitude
        horizontalAccuracy = point.horizontalAccuracy
        altitude = point.altitude
        verticalAccuracy = point.altitude == nil ? nil : point.verticalAccuracy
        speed = point.speed
        course = point.course
        self.step = step
    }

    /// The report of a recorded movement.
    public init(_ location: Location, number: Int, segment: Int, step: Double?) {
        self.init(TrackPoint(location), number: number, segment: segment, step: step)
    }
}
