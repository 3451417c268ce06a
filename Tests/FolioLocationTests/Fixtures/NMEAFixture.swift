import Foundation

@testable import FolioLocation

/// One epoch of a receiver's output, for writing NMEA logs in tests.
struct NMEAEpoch {
    var coordinate: Coordinate?
    var time: Date
    var dilution: Double? = 1.0
    var altitude: Double? = 20
    var speedKnots: Double? = 2.0
    var course: Double? = 90

    /// `$GPGGA` and `$GPRMC` sentences with checksums, CR LF terminated.
    var sentences: String {
        let seconds = time.timeIntervalSince1970
        let day = Int((seconds / 86_400).rounded(.down))
        let timeOfDay = seconds - Double(day) * 86_400
        let hours = Int(timeOfDay / 3600)
        let minutes = Int(timeOfDay / 60) % 60
        let secs = timeOfDay - Double(hours * 3600 + minutes * 60)
        let clock = String(format: "%02d%02d%05.2f", hours, minutes, secs)
        let date = Date(timeIntervalSince1970: Double(day) * 86_400)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        let parts = calendar.dateComponents([.day, .month, .year], from: date)
        let dateText = String(
            format: "%02d%02d%02d", parts.day ?? 1, parts.month ?? 1, (parts.year ?? 2000) % 100)
        var position = ",,,"
        if let coordinate {
            position = Self.position(coordinate)
        }
        let quality = coordinate == nil ? 0 : 1
        let gga =
            "GPGGA,\(clock),\(position),\(quality),08,\(dilution.map { String(format: "%.1f", $0) } ?? ""),"
            + "\(altitude.map { String(format: "%.1f", $0) } ?? ""),M,-33.0,M,,"
        let rmc =
            "GPRMC,\(clock),\(coordinate == nil ? "V" : "A"),\(position),"
            + "\(speedKnots.map { String(format: "%.1f", $0) } ?? ""),\(course.map { String(format: "%.1f", $0) } ?? ""),"
            + "\(dateText),,,A"
        return NMEASentence.checksummed(gga) + "\r\n" + NMEASentence.checksummed(rmc) + "\r\n"
    }

    /// `ddmm.mmmm,N,dddmm.mmmm,W`.
    static func position(_ coordinate: Coordinate) -> String {
        func field(_ value: Double, degreeDigits: Int) -> String {
            let magnitude = abs(value)
            let degrees = Int(magnitude)
            let minutes = (magnitude - Double(degrees)) * 60
            return String(format: "%0\(degreeDigits)d%07.4f", degrees, minutes)
        }
        return "\(field(coordinate.latitude, degreeDigits: 2)),\(coordinate.latitude < 0 ? "S" : "N"),"
            + "\(field(coordinate.longitude, degreeDigits: 3)),\(coordinate.longitude < 0 ? "W" : "E")"
    }
}

/// Walks and logs used across the tests.
enum Walks {
    static let whiteHouse = Coordinate(latitude: 38.8977, longitude: -77.0365)
    static let pentagon = Coordinate(latitude: 38.8719, longitude: -77.0563)
    static let start = Date(timeIntervalSince1970: 1_704_110_400)  // 2024-01-01T12:00:00Z

    /// `count` epochs one second apart, `step` metres apart along the bearing from the White
    /// House to the Pentagon, with the given dilutions (cycled).
    static func epochs(count: Int, step: Double, dilutions: [Double?] = [1.0]) -> [NMEAEpoch] {
        let bearing = whiteHouse.bearing(to: pentagon)
        return (0..<count).map { index in
            NMEAEpoch(
                coordinate: whiteHouse.destination(bearing: bearing, distance: Double(index) * step),
                time: start.addingTimeInterval(Double(index)), dilution: dilutions[index % dilutions.count])
        }
    }

    static func log(_ epochs: [NMEAEpoch]) -> String {
        epochs.map(\.sentences).joined()
    }
}
