import FolioCore
import FolioLocation
import Foundation

/// How `folio geo` prints locations and distances, for people and for scripts.
enum GeoOutput {
    /// `#3  2024-01-01T12:00:02.000Z  38.897700,-77.036500  ±5 m  alt 20.0 m  1.0 m/s  214°  +10.1 m`.
    static func line(_ location: Location, number: Int, previous: Location?) -> String {
        var parts = ["#\(number)", location.timestamp.description, location.coordinate.description]
        parts.append(location.horizontalAccuracy >= 0 ? "±\(Distance(meters: location.horizontalAccuracy))" : "±?")
        if location.hasValidAltitude { parts.append("alt \(String(format: "%.1f", location.altitude)) m") }
        if location.speed >= 0 { parts.append("\(String(format: "%.1f", location.speed)) m/s") }
        if location.course >= 0 { parts.append("\(String(format: "%.0f", location.course))°") }
        if let previous { parts.append("+\(Distance(meters: location.distance(from: previous)))") }
        return parts.joined(separator: "  ")
    }

    /// One compact JSON object (``FolioCore/FolioJSON``) and no newline: a line of a JSON Lines stream.
    static func jsonLine<Value: Encodable>(_ value: Value) throws -> String {
        try FolioJSON.string(value)
    }
}

/// A location as `--json` prints it.
struct LocationReport: Encodable {
    var number: Int?
    var time: String
    var latitude: Double
    var longitude: Double
    var horizontalAccuracy: Double?
    var altitude: Double?
    var verticalAccuracy: Double?
    var speed: Double?
    var course: Double?
    var distanceFromPrevious: Double?

    init(_ location: Location, number: Int? = nil, previous: Location? = nil) {
        self.number = number
        time = location.timestamp.description
        latitude = location.coordinate.latitude
        longitude = location.coordinate.longitude
        horizontalAccuracy = location.horizontalAccuracy >= 0 ? location.horizontalAccuracy : nil
        if location.hasValidAltitude {
            altitude = location.altitude
            verticalAccuracy = location.verticalAccuracy
        }
        speed = location.speed >= 0 ? location.speed : nil
        course = location.course >= 0 ? location.course : nil
        distanceFromPrevious = previous.map { location.distance(from: $0) }
    }
}
