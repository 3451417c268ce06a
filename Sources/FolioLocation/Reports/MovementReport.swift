import Foundation

/// One movement of a recorded track as Folio's JSON shows it (`folio geo track show --json`,
/// `/api/tracks/{id}`). Values the receiver did not give (the chapter's negative accuracies,
/// speed and course) are left out rather than shown as numbers.
public struct MovementReport: Encodable, Sendable {
    /// The movement's number in the track, from 1.
    public var number: Int
    /// The segment it belongs to, from 1.
    public var segment: Int
    public var time: LocationTime
    public var latitude: Double
    public var longitude: Double
    public var horizontalAccuracy: Double?
    public var altitude: Double?
    public var verticalAccuracy: Double?
    public var speed: Double?
    public var course: Double?
    /// Meters from the previous movement of the same segment.
    public var step: Double?

    public init(_ location: Location, number: Int, segment: Int, step: Double?) {
        self.number = number
        self.segment = segment
        time = location.timestamp
        latitude = location.coordinate.latitude
        longitude = location.coordinate.longitude
        horizontalAccuracy = location.horizontalAccuracy >= 0 ? location.horizontalAccuracy : nil
        if location.hasValidAltitude {
            altitude = location.altitude
            verticalAccuracy = location.verticalAccuracy
        }
        speed = location.speed >= 0 ? location.speed : nil
        course = location.course >= 0 ? location.course : nil
        self.step = step
    }
}
